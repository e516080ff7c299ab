package dev.engram.common.error;

/** Errors every service can raise. Codes are part of the public API and never change. */
public enum CommonError implements ErrorCode {
  VALIDATION_FAILED("validation_failed", 400, "The request is not valid"),
  MALFORMED_BODY("malformed_body", 400, "The request body cannot be read"),
  UNAUTHENTICATED("unauthenticated", 401, "A valid API key is required"),
  FORBIDDEN("forbidden", 403, "This API key is not allowed to do that"),
  NOT_FOUND("not_found", 404, "No such resource"),
  METHOD_NOT_ALLOWED("method_not_allowed", 405, "This method is not allowed here"),
  NOT_ACCEPTABLE("not_acceptable", 406, "The requested media type cannot be produced"),
  CONFLICT("conflict", 409, "The request conflicts with the current state"),
  PAYLOAD_TOO_LARGE("payload_too_large", 413, "The request is too large"),
  URI_TOO_LONG("uri_too_long", 414, "The request URI is too long"),
  UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", 415, "Send application/json"),
  RATE_LIMITED("rate_limited", 429, "Too many requests for this API key; slow down"),
  BAD_REQUEST("bad_request", 400, "The request cannot be processed"),
  UNAVAILABLE("unavailable", 503, "A dependency is unavailable; try again later"),
  INTERNAL("internal_error", 500, "An unexpected error occurred");

  private final Definition definition;

  CommonError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }

  /** The shared error for a bare HTTP status, used when a framework rejected the request. */
  public static CommonError forStatus(int status) {
    return switch (status) {
      case 400 -> BAD_REQUEST;
      case 401 -> UNAUTHENTICATED;
      case 403 -> FORBIDDEN;
      case 404 -> NOT_FOUND;
      case 405 -> METHOD_NOT_ALLOWED;
      case 406 -> NOT_ACCEPTABLE;
      case 409 -> CONFLICT;
      case 413 -> PAYLOAD_TOO_LARGE;
      case 414 -> URI_TOO_LONG;
      case 415 -> UNSUPPORTED_MEDIA_TYPE;
      case 429 -> RATE_LIMITED;
      case 503 -> UNAVAILABLE;
      default -> status >= 500 ? INTERNAL : BAD_REQUEST;
    };
  }
}
