package dev.engram.vault;

import dev.engram.common.error.ErrorCode;

/** Errors vault-service raises. Codes are part of the public API and never change. */
public enum VaultError implements ErrorCode {
  BACKUP_NOT_FOUND("backup_not_found", 404, "No backup with this id"),
  BACKUP_JOB_NOT_FOUND("backup_job_not_found", 404, "No backup job with this id"),
  BACKUP_IN_PROGRESS("backup_in_progress", 409, "A backup is already running"),
  BACKUP_DIRECTORY_UNAVAILABLE(
      "backup_directory_unavailable", 503, "The backup directory is not available"),
  DESTINATION_UNAVAILABLE(
      "destination_unavailable", 503, "The backup destination cannot be reached"),
  /** The archive names a key id that is not configured here. */
  BACKUP_KEY_UNKNOWN("backup_key_unknown", 422, "The archive's key is not configured"),
  /**
   * A key with the archive's id is configured, but it is not the key the archive was sealed with.
   */
  BACKUP_WRONG_KEY("backup_wrong_key", 422, "The configured key does not open this archive"),
  /** Authentication, a checksum or a count failed: the bytes were changed after writing. */
  BACKUP_TAMPERED("backup_tampered", 422, "The archive was modified after it was written"),
  /** The archive ends early. */
  BACKUP_TRUNCATED("backup_truncated", 422, "The archive is truncated"),
  /** Not an Engram archive, or one whose structure breaks the format (manifest, entries, lines). */
  BACKUP_MALFORMED("backup_malformed", 422, "The archive does not follow the backup format"),
  /** A source service's export could not be read (down, error status, timeout). */
  SOURCE_UNAVAILABLE("source_unavailable", 502, "A source service's export is not available"),
  /**
   * Backups, restores and audits span every tenant: a key bound to one tenant is refused (see the
   * README), only an ops key of tenant {@code *} may run them.
   */
  SUITE_KEY_REQUIRED(
      "suite_key_required", 403, "This needs an operator key for the whole suite (tenant *)"),
  AUDIT_NOT_FOUND("audit_not_found", 404, "No audit has been run yet"),
  RESTORE_JOB_NOT_FOUND("restore_job_not_found", 404, "No restore job with this id"),
  RESTORE_IN_PROGRESS("restore_in_progress", 409, "A restore is already running"),
  /** A service refused or failed to load its part of a restore. */
  RESTORE_SINK_FAILED("restore_sink_failed", 502, "A service failed to load its records"),
  /** capture refused or failed to reproject graph or recall after a restore's imports. */
  RESTORE_REPROJECT_FAILED(
      "restore_reproject_failed", 502, "capture failed to rebuild a projection after a restore"),
  /** A source service's export broke the export contract (docs/backup-format.md). */
  SOURCE_EXPORT_INVALID("source_export_invalid", 502, "A source service's export is invalid");

  private final Definition definition;

  VaultError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
