package dev.engram.common.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each rule of the strict reader, on a mapper configured like the services' one. */
class StrictJsonTest {

  enum Category {
    DECISION,
    FACT
  }

  record Body(
      String text,
      Category category,
      Integer k,
      Instant expiresAt,
      List<String> tags,
      Map<String, String> labels,
      Map<String, Object> metadata,
      JsonNode input,
      ObjectNode options,
      List<Object> extras) {}

  private static final ObjectMapper MAPPER =
      StrictJson.apply(
          new ObjectMapper()
              .registerModule(new JavaTimeModule())
              .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));

  private static Body read(String json) throws Exception {
    // Bytes, as a request body arrives: the UTF-8 check sits on the byte stream.
    return MAPPER.readValue(
        new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), Body.class);
  }

  private static String path(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining("."));
  }

  @Test
  void aValidBodyStillReads() throws Exception {
    Body body =
        read(
            "{\"text\":\"caf\u00e9 \ud83d\ude00\",\"category\":\"DECISION\",\"k\":3,"
                + "\"expires_at\":\"9999-12-31T23:59:59Z\",\"tags\":[\"a\"],"
                + "\"labels\":{\"x\":\"y\"},\"metadata\":{\"n\":[1,\"two\"]},\"input\":[\"q\"]}");
    assertEquals("caf\u00e9 \ud83d\ude00", body.text());
    assertEquals(Category.DECISION, body.category());
    assertEquals(Instant.parse("9999-12-31T23:59:59Z"), body.expiresAt());
  }

  @Test
  void aDuplicateKeyIsRefused() {
    JsonParseException e =
        assertThrows(JsonParseException.class, () -> read("{\"text\":\"a\",\"text\":\"b\"}"));
    assertTrue(e.getOriginalMessage().startsWith("Duplicate field 'text'"), e.getMessage());
  }

  @Test
  void scalarsAreNotCoerced() throws Exception {
    MismatchedInputException e =
        assertThrows(MismatchedInputException.class, () -> read("{\"category\":3}"));
    assertEquals("category", path(e));
    assertThrows(MismatchedInputException.class, () -> read("{\"category\":\"3\"}"));
    e = assertThrows(MismatchedInputException.class, () -> read("{\"text\":3}"));
    assertEquals("text", path(e));
    assertThrows(MismatchedInputException.class, () -> read("{\"text\":true}"));
    assertThrows(MismatchedInputException.class, () -> read("{\"tags\":[1]}"));
    // A string map (metadata) takes a number as its text, as clients send it there.
    assertEquals("1", read("{\"labels\":{\"n\":1}}").labels().get("n"));
    assertEquals("true", read("{\"labels\":{\"b\":true}}").labels().get("b"));
    assertThrows(MismatchedInputException.class, () -> read("{\"k\":\"5\"}"));
    assertThrows(MismatchedInputException.class, () -> read("{\"k\":1.5}"));
  }

  @Test
  void aNulIsRefusedWhereverTheStringIs() {
    for (String json :
        List.of(
            "{\"text\":\"a\\u0000b\"}",
            "{\"tags\":[\"ok\",\"a\\u0000\"]}",
            "{\"labels\":{\"a\\u0000\":\"v\"}}",
            "{\"labels\":{\"k\":\"\\u0000\"}}",
            "{\"input\":[\"fine\",\"\\u0000\"]}")) {
      RejectedValueException e = assertThrows(RejectedValueException.class, () -> read(json));
      assertEquals("text_encoding", e.rule(), json);
      assertTrue(e.reason().contains("NUL"), json);
    }
    RejectedValueException e =
        assertThrows(
            RejectedValueException.class,
            () -> read("{\"input\":{\"deep\":[{\"x\":\"\\u0000\"}]}}"));
    assertEquals("input.deep.[0].x", path(e));
  }

  @Test
  void aWholeUntypedDocumentIsLeftToItsReader() throws Exception {
    // Vert.x decodes MCP's JSON-RPC messages as untyped maps; the tool refuses bad arguments.
    Map<?, ?> message = MAPPER.readValue("{\"arguments\":{\"agent\":\"b\\u0000t1\"}}", Map.class);
    assertEquals("b\u0000t1", ((Map<?, ?>) message.get("arguments")).get("agent"));
  }

  @Test
  void aNulInAFreeFormFieldIsRefusedWithItsPath() {
    for (String[] c :
        new String[][] {
          {"{\"metadata\":{\"k\":\"\\u0000\"}}", "metadata.k"},
          {"{\"metadata\":{\"a\\u0000\":1}}", "metadata"},
          {"{\"metadata\":{\"n\":[1,{\"deep\":\"x\\u0000\"}]}}", "metadata.n.[1].deep"},
          {"{\"metadata\":{\"s\":\"\\udc00\"}}", "metadata.s"},
          {"{\"options\":{\"k\":\"\\u0000\"}}", "options.k"},
          {"{\"extras\":[\"ok\",\"\\u0000\"]}", "extras.[1]"}
        }) {
      RejectedValueException e = assertThrows(RejectedValueException.class, () -> read(c[0]));
      assertEquals("text_encoding", e.rule(), c[0]);
      assertTrue(path(e).startsWith(c[1]), c[0] + " -> " + path(e));
    }
  }

  @Test
  void freeFormFieldsStillReadTheirValues() throws Exception {
    Body body = read("{\"metadata\":{\"n\":[1,\"two\"],\"b\":true},\"options\":{\"x\":1}}");
    assertEquals(List.of(1, "two"), body.metadata().get("n"));
    assertEquals(1, body.options().get("x").intValue());
  }

  @Test
  void aLoneSurrogateIsRefused() {
    for (String json :
        List.of("{\"text\":\"\\ud800\"}", "{\"text\":\"x\\udc00\"}", "{\"text\":\"\\ud800x\"}")) {
      RejectedValueException e = assertThrows(RejectedValueException.class, () -> read(json));
      assertTrue(e.reason().contains("lone surrogate"), json);
    }
  }

  @Test
  void malformedUtf8IsRefusedNotDecoded() {
    byte[] overlong = {
      '{', '"', 't', 'e', 'x', 't', '"', ':', '"', (byte) 0xC0, (byte) 0xAF, '"', '}'
    };
    assertThrows(
        MalformedUtf8Exception.class,
        () -> MAPPER.readValue(new ByteArrayInputStream(overlong), Body.class));
    assertThrows(MalformedUtf8Exception.class, () -> MAPPER.readValue(overlong, Body.class));
    byte[] surrogate = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'};
    assertThrows(MalformedUtf8Exception.class, () -> MAPPER.readValue(surrogate, String.class));
    byte[] truncated = {'"', (byte) 0xE2, (byte) 0x82};
    assertThrows(MalformedUtf8Exception.class, () -> MAPPER.readValue(truncated, String.class));
  }

  @Test
  void timestampsOutsideYears1To9999AreRefused() {
    for (String value :
        List.of(
            "+1000000000-01-01T00:00:00Z",
            "+10000-01-01T00:00:00Z",
            "0000-01-01T00:00:00Z",
            "-0001-01-01T00:00:00Z",
            "0000-12-31T23:59:59.999Z")) {
      RejectedValueException e =
          assertThrows(
              RejectedValueException.class, () -> read("{\"expires_at\":\"" + value + "\"}"));
      assertEquals("expires_at", path(e), value);
      assertEquals("timestamp_range", e.rule());
    }
  }
}
