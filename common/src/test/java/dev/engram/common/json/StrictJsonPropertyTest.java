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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The strict reader's rules over generated input (a seeded {@link Random}, so every run checks the
 * same cases): text that cannot be stored is refused wherever it sits, any valid object reads back
 * unchanged, and a repeated key is refused. Case names carry only the seed and an index: the
 * generated text (NUL, lone surrogates) has no place in a test report.
 */
class StrictJsonPropertyTest {

  private static final long SEED = 20261124L;
  private static final int CASES = 1000;
  private static final String NAME = "seed " + SEED + " case {index}";

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

  private static Stream<Arguments> cases(Function<Random, Arguments> one) {
    Random random = new Random(SEED);
    return IntStream.range(0, CASES).mapToObj(i -> one.apply(random));
  }

  /** Characters worth more than their share of a uniform draw. */
  private static final char[] EDGES = {
    '\u0000', ' ', '"', '\\', '\n', '\u007F', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uFFFF'
  };

  /** Any text up to 40 chars, lone surrogates and NUL included; empty one time in ten. */
  static String anyText(Random random) {
    int length = random.nextInt(10) == 0 ? 0 : random.nextInt(41);
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(
          random.nextInt(8) == 0
              ? EDGES[random.nextInt(EDGES.length)]
              : (char) random.nextInt(0x10000));
    }
    return out.toString();
  }

  /** Text PostgreSQL can store: code points 1..U+10FFFF, surrogates only in pairs; up to 20. */
  static String storable(Random random) {
    int length = random.nextInt(10) == 0 ? 0 : random.nextInt(21);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      int cp =
          switch (random.nextInt(4)) {
            case 0 -> 1 + random.nextInt(0x7F); // ASCII
            case 1 -> 1 + random.nextInt(0xFFFF); // BMP
            case 2 -> 0x10000 + random.nextInt(Character.MAX_CODE_POINT - 0xFFFF); // a pair
            default ->
                new int[] {1, 0x7F, 0xFFFF, 0x10000, Character.MAX_CODE_POINT}[random.nextInt(5)];
          };
      if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
        out.appendCodePoint(cp);
      }
    }
    return out.toString();
  }

  static Object scalar(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> storable(random);
      case 1 ->
          random.nextInt(5) == 0
              ? new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}[random.nextInt(5)]
              : random.nextInt();
      default -> random.nextBoolean();
    };
  }

  /** An object of up to 6 keys; values are scalars or lists of up to 4 scalars. */
  static Map<String, Object> object(Random random) {
    int size = random.nextInt(7);
    Map<String, Object> object = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      Object value;
      if (random.nextBoolean()) {
        value = scalar(random);
      } else {
        List<Object> list = new ArrayList<>();
        for (int n = random.nextInt(5); n > 0; n--) {
          list.add(scalar(random));
        }
        value = list;
      }
      object.put(storable(random), value);
    }
    return object;
  }

  static Stream<Arguments> nulCases() {
    return cases(r -> Arguments.of(anyText(r), anyText(r), r.nextInt(4)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("nulCases")
  void aNulAnywhereInAStringIsRefused(String before, String after, int where) {
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

  static Stream<Arguments> surrogateCases() {
    return cases(
        r ->
            Arguments.of(
                anyText(r), (char) (Character.MIN_SURROGATE + r.nextInt(0x800)), anyText(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("surrogateCases")
  void aLoneSurrogateIsRefused(String before, char surrogate, String after) {
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

  static Stream<Arguments> objects() {
    return cases(r -> Arguments.of(object(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("objects")
  void anyValidObjectReadsBackUnchanged(Map<String, Object> object) throws Exception {
    String json = PLAIN.writeValueAsString(object);
    assertEquals(PLAIN.readTree(json), read(json, JsonNode.class));
    assertEquals(object, read("{\"metadata\":" + json + "}", Body.class).metadata());
    assertEquals(object, read(json, Map.class));
  }

  static Stream<Arguments> repeatedKeyCases() {
    return cases(r -> Arguments.of(object(r), storable(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("repeatedKeyCases")
  void aRepeatedKeyIsRefused(Map<String, Object> object, String key) throws Exception {
    String first = PLAIN.writeValueAsString(Map.of(key, 1)).replaceAll("^\\{|\\}$", "");
    String rest = PLAIN.writeValueAsString(object).replaceAll("^\\{|\\}$", "");
    String json = "{" + first + (rest.isEmpty() ? "" : "," + rest) + "," + first + "}";
    JsonParseException e = assertThrows(JsonParseException.class, () -> read(json, JsonNode.class));
    assertTrue(e.getOriginalMessage().startsWith("Duplicate field"), e.getMessage());
  }
}
