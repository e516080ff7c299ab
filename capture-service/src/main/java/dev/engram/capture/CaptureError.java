package dev.engram.capture;

import dev.engram.common.error.ErrorCode;

/** capture-service errors. Codes are part of the public API and never change. */
public enum CaptureError implements ErrorCode {
  MEMORY_NOT_FOUND("memory_not_found", 404, "No such memory"),
  EXCHANGE_NOT_FOUND("exchange_not_found", 404, "No such exchange"),
  SLOT_NOT_FOUND("slot_not_found", 404, "No such slot"),
  FACT_NOT_FOUND("fact_not_found", 404, "No such fact"),
  RELATION_NOT_FOUND("relation_not_found", 404, "No such relation"),
  QUARANTINED_NOT_FOUND("quarantined_item_not_found", 404, "No such quarantined item"),
  RUN_NOT_FOUND("reflector_run_not_found", 404, "No such Reflector run"),
  RELATION_EXISTS("relation_exists", 409, "The relation already exists"),
  REFLECTOR_BUSY("reflector_busy", 409, "The Reflector is already running"),
  MEMORY_NOT_ACTIVE("memory_not_active", 409, "The memory is not active"),
  CANONICAL_MEMORY(
      "canonical_memory", 409, "The memory is canonical: supersede or archive it, never delete"),
  PROMOTION_NOT_FOUND("promotion_not_found", 404, "No such promotion"),
  PROMOTION_DECIDED("promotion_decided", 409, "The promotion was already decided the other way"),
  PROMOTION_STALE(
      "promotion_stale", 409, "The promoted memory or fact is no longer active or current"),
  VERSION_CONFLICT("version_conflict", 409, "The resource changed since you read it"),
  GLOBAL_NEEDS_ADMIN(
      "global_scope_needs_admin", 403, "Only an admin key may write GLOBAL memories"),
  TENANT_SLOT_NEEDS_ADMIN(
      "tenant_slot_needs_admin", 403, "Only an admin key may change the tenant's notes"),
  SESSION_NOT_FOUND("session_not_found", 404, "No such session"),
  INJECTION_NOT_FOUND("injection_record_not_found", 404, "No such injection record"),
  SESSION_CONFLICT("session_conflict", 409, "The session is recorded with another chat or thread"),
  BATCH_TOO_LARGE("batch_too_large", 413, "Too many items in one request"),
  SLOT_TOO_LARGE("slot_too_large", 413, "The slot content is over the token limit"),
  IMPORT_INVALID("import_invalid", 400, "The import stream is not valid; nothing was stored"),
  IMPORT_CONFLICT(
      "import_conflict", 409, "An imported row conflicts with the record; nothing was stored"),
  IDEMPOTENCY_KEY_INVALID(
      "idempotency_key_invalid", 400, "The Idempotency-Key header is not a valid key"),
  IDEMPOTENCY_KEY_REUSED(
      "idempotency_key_reused", 409, "The Idempotency-Key was already used for another request"),
  IDEMPOTENCY_KEY_IN_FLIGHT(
      "idempotency_key_in_flight",
      409,
      "A request with this Idempotency-Key is still running; retry later"),
  DATABASE_UNAVAILABLE("database_unavailable", 503, "The record database is unavailable");

  private final Definition definition;

  CaptureError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
