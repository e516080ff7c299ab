package dev.engram.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.engram.common.json.StrictJson;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a client reads when the strict JSON reader refuses a body. */
class StrictViolationsTest {

  record Note(
      String text, Instant expiresAt, Map<String, String> labels, Map<String, Object> metadata) {}

  private static final ObjectMapper MAPPER =
      StrictJson.apply(
          new ObjectMapper()
              .registerModule(new JavaTimeModule())
              .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));

  private static FieldViolation violation(byte[] json) {
    JsonProcessingException e =
        assertThrows(JsonProcessingException.class, () -> MAPPER.readValue(json, Note.class));
    List<FieldViolation> violations = FieldViolations.ofJson(e);
    assertEquals(1, violations.size());
    return violations.getFirst();
  }

  private static FieldViolation violation(String json) {
    return violation(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void aNulNamesTheFieldAndTheCharacter() {
    assertEquals(
        new FieldViolation(
            "labels.tags",
            "text_encoding",
            "labels.tags: must not contain a NUL character (U+0000)"),
        violation("{\"labels\":{\"tags\":\"\\u0000\"}}"));
  }

  @Test
  void aFarFutureTimestampNamesTheRange() {
    assertEquals(
        new FieldViolation(
            "expires_at",
            "timestamp_range",
            "expires_at: must be a timestamp between years 1 and 9999"),
        violation("{\"expires_at\":\"+1000000000-01-01T00:00:00Z\"}"));
  }

  @Test
  void aRepeatedKeyIsNamed() {
    FieldViolation v = violation("{\"text\":\"a\",\"text\":\"b\"}");
    assertEquals("duplicate_key", v.rule());
    assertEquals("body", v.field());
    assertEquals(true, v.message().contains("'text'"), v.message());
    FieldViolation nested = violation("{\"metadata\":{\"a\":{\"k\":1,\"k\":2}}}");
    assertEquals("duplicate_key", nested.rule());
    assertEquals("metadata", nested.field()); // free-form values carry no inner path
  }

  @Test
  void overlongUtf8IsNotValidUtf8() {
    byte[] json = {'{', '"', 't', 'e', 'x', 't', '"', ':', '"', (byte) 0xC0, (byte) 0xAF, '"', '}'};
    assertEquals(
        new FieldViolation("body", "utf8", "The body is not valid UTF-8 (byte 9)"),
        violation(json));
  }
}
