package dev.engram.common.error;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.engram.common.json.MalformedUtf8Exception;
import dev.engram.common.json.RejectedValueException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import java.util.List;

/**
 * Turns what went wrong in a request body into {@link FieldViolation}s that name the field as the
 * client wrote it: a bean-validation violation by its snake_case JSON path, a Jackson error by the
 * path it stopped at, with a sentence saying what was expected.
 */
final class FieldViolations {

  private static final PropertyNamingStrategies.NamingBase SNAKE =
      (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

  private FieldViolations() {}

  static FieldViolation of(ConstraintViolation<?> v) {
    String rule = v.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName();
    return new FieldViolation(fieldPath(v.getPropertyPath()), rule, v.getMessage());
  }

  /** The JSON path of a violation: method and parameter nodes dropped, names in snake_case. */
  static String fieldPath(Path path) {
    StringBuilder out = new StringBuilder();
    for (Path.Node node : path) {
      if (node.getKind() == ElementKind.METHOD
          || node.getKind() == ElementKind.PARAMETER
          || node.getKind() == ElementKind.CROSS_PARAMETER
          || node.getKind() == ElementKind.RETURN_VALUE) {
        if (node.getKind() == ElementKind.PARAMETER && path.toString().endsWith(node.getName())) {
          out.append(SNAKE.translate(node.getName()));
        }
        continue;
      }
      if (node.getIndex() != null && out.length() > 0) {
        out.append('[').append(node.getIndex()).append(']');
      } else if (node.getKey() != null && out.length() > 0) {
        out.append('[').append(node.getKey()).append(']');
      }
      if (node.getName() != null && node.getKind() != ElementKind.CONTAINER_ELEMENT) {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(SNAKE.translate(node.getName()));
      }
    }
    return out.length() == 0 ? "body" : out.toString();
  }

  static String describe(JsonProcessingException e) {
    JsonParseException wrapped = wrappedParseError(e);
    if (wrapped != null) {
      // A syntax error met inside an object: Jackson wraps it to add the path.
      return duplicateKey(wrapped)
          ? jsonPath((JsonMappingException) e) + ": " + describe(wrapped)
          : describe(wrapped);
    }
    if (e instanceof MalformedUtf8Exception) {
      return e.getOriginalMessage();
    }
    if (duplicateKey(e)) {
      return "The body repeats a key: "
          + e.getOriginalMessage().replace("Duplicate field", "field")
          + location(e);
    }
    if (e instanceof JsonParseException) {
      return "The body is not valid JSON" + location(e);
    }
    String field = e instanceof JsonMappingException m ? jsonPath(m) : "body";
    if (e instanceof RejectedValueException r) {
      return field + ": " + r.reason();
    }
    if (e instanceof UnrecognizedPropertyException u) {
      return "Unknown field '" + u.getPropertyName() + "' at " + field;
    }
    if (e instanceof InvalidFormatException f) {
      return field
          + ": cannot read "
          + abbreviate(String.valueOf(f.getValue()))
          + " as "
          + typeName(f.getTargetType());
    }
    if (e instanceof ValueInstantiationException) {
      return field + ": value is not valid";
    }
    if (e instanceof MismatchedInputException m) {
      return field + ": expected " + typeName(m.getTargetType());
    }
    return field + ": value cannot be read";
  }

  static List<FieldViolation> ofJson(JsonProcessingException e) {
    JsonParseException wrapped = wrappedParseError(e);
    if (wrapped != null) {
      return duplicateKey(wrapped)
          ? List.of(
              new FieldViolation(jsonPath((JsonMappingException) e), "duplicate_key", describe(e)))
          : ofJson(wrapped);
    }
    if (e instanceof MalformedUtf8Exception) {
      return List.of(new FieldViolation("body", "utf8", describe(e)));
    }
    if (!(e instanceof JsonMappingException m)) {
      return List.of(
          duplicateKey(e)
              ? new FieldViolation("body", "duplicate_key", describe(e))
              : new FieldViolation("body", "json_syntax", "The body is not valid JSON"));
    }
    String rule =
        switch (e) {
          case UnrecognizedPropertyException u -> "unknown_field";
          case RejectedValueException r -> r.rule();
          default -> "json_type";
        };
    return List.of(new FieldViolation(jsonPath(m), rule, describe(e)));
  }

  private static JsonParseException wrappedParseError(JsonProcessingException e) {
    return e.getClass() == JsonMappingException.class
            && e.getCause() instanceof JsonParseException parse
        ? parse
        : null;
  }

  private static boolean duplicateKey(JsonProcessingException e) {
    return e instanceof JsonParseException
        && e.getOriginalMessage() != null
        && e.getOriginalMessage().startsWith("Duplicate field");
  }

  private static String location(JsonProcessingException e) {
    return e.getLocation() == null
        ? ""
        : " (line "
            + e.getLocation().getLineNr()
            + ", column "
            + e.getLocation().getColumnNr()
            + ")";
  }

  private static String jsonPath(JsonMappingException e) {
    StringBuilder out = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        if (out.length() > 0) {
          out.append('.');
        }
        out.append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        out.append('[').append(ref.getIndex()).append(']');
      }
    }
    return out.length() == 0 ? "body" : out.toString();
  }

  private static String typeName(Class<?> type) {
    if (type == null) {
      return "a different value";
    }
    if (type.isEnum()) {
      StringBuilder values = new StringBuilder("one of ");
      Object[] constants = type.getEnumConstants();
      for (int i = 0; i < constants.length; i++) {
        values.append(i == 0 ? "" : ", ").append(constants[i]);
      }
      return values.toString();
    }
    if (Number.class.isAssignableFrom(type) || type.isPrimitive() && type != boolean.class) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == String.class) {
      return "a string";
    }
    if (java.time.temporal.Temporal.class.isAssignableFrom(type)) {
      return "an ISO-8601 timestamp such as 2026-05-08T13:56:00Z";
    }
    if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "an array";
    }
    return "an object";
  }

  private static String abbreviate(String value) {
    return value.length() > 40 ? "'" + value.substring(0, 40) + "…'" : "'" + value + "'";
  }
}
