package dev.engram.common.error;

import java.util.List;
import java.util.Map;

/**
 * An error a client should see as application/problem+json. The detail is shown to the client, so
 * it must say what to fix and never carry internals (SQL, class names, stack traces).
 */
public class EngramException extends RuntimeException {

  private final ErrorCode error;
  private final List<FieldViolation> violations;
  private final Map<String, Object> extensions;

  public EngramException(ErrorCode error, String detail) {
    this(error, detail, List.of(), Map.of());
  }

  public EngramException(
      ErrorCode error,
      String detail,
      List<FieldViolation> violations,
      Map<String, Object> extensions) {
    super(detail, null, false, false);
    this.error = error;
    this.violations = List.copyOf(violations);
    this.extensions = Map.copyOf(extensions);
  }

  /** A 400 naming one field and the rule it broke. */
  public static EngramException invalid(String field, String rule, String message) {
    return new EngramException(
        CommonError.VALIDATION_FAILED,
        field + ": " + message,
        List.of(new FieldViolation(field, rule, message)),
        Map.of());
  }

  public ErrorCode error() {
    return error;
  }

  public List<FieldViolation> violations() {
    return violations;
  }

  public Map<String, Object> extensions() {
    return extensions;
  }
}
