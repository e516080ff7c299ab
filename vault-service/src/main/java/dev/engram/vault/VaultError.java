package dev.engram.vault;

import dev.engram.common.error.ErrorCode;

/** Errors vault-service raises. Codes are part of the public API and never change. */
public enum VaultError implements ErrorCode {
  BACKUP_NOT_FOUND("backup_not_found", 404, "No backup with this id"),
  BACKUP_DIRECTORY_UNAVAILABLE(
      "backup_directory_unavailable", 503, "The backup directory is not available");

  private final Definition definition;

  VaultError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
