package dev.engram.common.error;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * An RFC 9457 problem document. {@code code} is the stable {@link ErrorCode}; {@code errors} lists
 * field violations for validation failures; extensions carry error-specific values (such as the
 * current version on a conflict).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(
    String type,
    String title,
    int status,
    String detail,
    String code,
    String instance,
    String correlationId,
    List<FieldViolation> errors,
    @JsonAnyGetter Map<String, Object> extensions) {

  public static final String MEDIA_TYPE = "application/problem+json";
  static final String TYPE_PREFIX = "urn:engram:problem:";

  static Problem of(
      ErrorCode error,
      String detail,
      String instance,
      String correlationId,
      List<FieldViolation> errors,
      Map<String, Object> extensions) {
    return new Problem(
        TYPE_PREFIX + error.code(),
        error.title(),
        error.status(),
        detail,
        error.code(),
        instance,
        correlationId,
        errors,
        extensions);
  }
}
