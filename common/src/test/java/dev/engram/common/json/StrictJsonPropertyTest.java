package dev.engram.common.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;

/**
 * The strict reader's rules over generated input (jqwik; the seed is fixed and printed in each
 * property's report): text that cannot be stored is refused wherever it sits, any valid object
 * reads back unchanged, and a repeated key is refused.
 */
class StrictJsonPropertyTest {

  private static final String SEED = "20261124";

  record Body(
      String text, List<String> tags, Map<String, String> labels, Map<String, Object> metadata) {}

  private static final ObjectMapper PLAIN = new ObjectMapper();
  private static final ObjectMapper STRICT =
      StrictJson.apply(
          new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));

  private static <T> T read(String json, Class<T> type) throws Exception {
    return STRICT.readValue(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), type);
  }

  /** A JSON string literal in plain ASCII, so lone surrogates survive the trip to bytes. */
  static String quoted(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\' || c < 0x20 || c > 0x7E) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }

  /** Any text, lone surrogates and NUL included. */
  @Provide
  Arbitrary<String> anyText() {
    return Arbitraries.strings().all().ofMaxLength(40);
  }

  /** Text PostgreSQL can store: code points 1..U+10FFFF, surrogates only in pairs. */
  @Provide
  Arbitrary<String> storable() {
    return Arbitraries.integers()
        .between(1, Character.MAX_CODE_POINT)
        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
        .list()
        .ofMaxSize(20)
        .map(cps -> cps.stream().map(Character::toString).collect(Collectors.joining()));
  }

  @Provide
  Arbitrary<Map<String, Object>> objects() {
    Arbitrary<Object> scalar =
        Arbitraries.oneOf(
            storable().map(s -> (Object) s),
            Arbitraries.integers().map(i -> (Object) i),
            Arbitraries.of(true, false).map(b -> (Object) b));
    Arbitrary<Object> value =
        Arbitraries.oneOf(scalar, scalar.list().ofMaxSize(4).map(l -> (Object) l));
    return Arbitraries.maps(storable(), value).ofMaxSize(6);
  }

  @Property(seed = SEED, tries = 300)
  void aNulAnywhereInAStringIsRefused(
      @ForAll("anyText") String before,
      @ForAll("anyText") String after,
      @ForAll @IntRange(min = 0, max = 3) int where) {
    String bad = quoted(before + '\u0000' + after);
    String json =
        switch (where) {
          case 0 -> "{\"text\":" + bad + "}";
          case 1 -> "{\"tags\":[\"ok\"," + bad + "]}";
          case 2 -> "{\"labels\":{" + bad + ":\"v\"}}";
          default -> "{\"metadata\":{\"k\":[1," + bad + "]}}";
        };
    JsonProcessingException e =
        assertThrows(JsonProcessingException.class, () -> read(json, Body.class));
    // A lone surrogate in a key breaks Jackson's own parsing first (still a 400); otherwise the
    // NUL is what is refused, by the strict reader's rule.
    if (StrictValues.textProblem(before) == null && StrictValues.textProblem(after) == null) {
      assertEquals("text_encoding", ((RejectedValueException) e).rule(), json);
    }
  }

  @Property(seed = SEED, tries = 300)
  void aLoneSurrogateIsRefused(
      @ForAll("anyText") String before,
      @ForAll @CharRange(from = '\uD800', to = '\uDFFF') char surrogate,
      @ForAll("anyText") String after) {
    // 'x' after it: a high surrogate is left without its low half, a low one never follows a high.
    String lone =
        Character.isHighSurrogate(surrogate)
            ? before + surrogate + 'x' + after
            : "x" + surrogate + after;
    RejectedValueException e =
        assertThrows(
            RejectedValueException.class,
            () -> read("{\"labels\":{\"k\":" + quoted(lone) + "}}", Body.class));
    assertEquals("text_encoding", e.rule());
  }

  @Property(seed = SEED, tries = 300)
  void anyValidObjectReadsBackUnchanged(@ForAll("objects") Map<String, Object> object)
      throws Exception {
    String json = PLAIN.writeValueAsString(object);
    assertEquals(PLAIN.readTree(json), read(json, JsonNode.class));
    assertEquals(object, read("{\"metadata\":" + json + "}", Body.class).metadata());
    assertEquals(object, read(json, Map.class));
  }

  @Property(seed = SEED, tries = 300)
  void aRepeatedKeyIsRefused(
      @ForAll("objects") Map<String, Object> object, @ForAll("storable") String key)
      throws Exception {
    String first = PLAIN.writeValueAsString(Map.of(key, 1)).replaceAll("^\\{|\\}$", "");
    String rest = PLAIN.writeValueAsString(object).replaceAll("^\\{|\\}$", "");
    String json = "{" + first + (rest.isEmpty() ? "" : "," + rest) + "," + first + "}";
    JsonParseException e = assertThrows(JsonParseException.class, () -> read(json, JsonNode.class));
    assertTrue(e.getOriginalMessage().startsWith("Duplicate field"), e.getMessage());
  }
}
