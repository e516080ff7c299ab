package dev.engram.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The URL rules over generated queries (a seeded {@link Random}, so every run checks the same
 * cases): a NUL is found however it is escaped and named by its parameter, anything else passes,
 * and a URI's length is counted in the bytes it takes on the wire.
 */
class UrlRulesPropertyTest {

  private static final long SEED = 20261124L;
  private static final int CASES = 1000;
  private static final String NAME = "seed " + SEED + " case {index}";

  private static final String NAME_CHARS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";

  /** Characters a URL treats specially, and the edges of the ranges. */
  private static final int[] EDGES = {
    '%', '&', '=', '+', '#', '?', '/', ' ', ';', '\\', 1, 0x7F, 0xFFFF, 0x10000, 0x10FFFF
  };

  private static Stream<Arguments> cases(Function<Random, Arguments> one) {
    Random random = new Random(SEED);
    return IntStream.range(0, CASES).mapToObj(i -> one.apply(random));
  }

  /** A parameter name: 1..12 letters, digits and underscores. */
  static String name(Random random) {
    StringBuilder out = new StringBuilder();
    for (int n = 1 + random.nextInt(12); n > 0; n--) {
      out.append(NAME_CHARS.charAt(random.nextInt(NAME_CHARS.length())));
    }
    return out.toString();
  }

  /** Any text without NUL, up to 30 code points: surrogates only in pairs (UTF-8 can encode it). */
  static String value(Random random) {
    int length = random.nextInt(10) == 0 ? 0 : random.nextInt(31);
    StringBuilder out = new StringBuilder();
    while (out.codePointCount(0, out.length()) < length) {
      int cp =
          switch (random.nextInt(4)) {
            case 0 -> 1 + random.nextInt(0x7F);
            case 1 -> 1 + random.nextInt(0xFFFF);
            case 2 -> 0x10000 + random.nextInt(Character.MAX_CODE_POINT - 0xFFFF);
            default -> EDGES[random.nextInt(EDGES.length)];
          };
      if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
        out.appendCodePoint(cp);
      }
    }
    return out.toString();
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  static Stream<Arguments> cleanQueries() {
    return cases(r -> Arguments.of(name(r), value(r), name(r), value(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("cleanQueries")
  void aQueryWithoutNulPasses(String first, String a, String second, String b) {
    String query = encode(first) + "=" + encode(a) + "&" + encode(second) + "=" + encode(b);
    assertEquals(Optional.empty(), UrlRules.offending("/v1/memories", query));
  }

  static Stream<Arguments> nulQueries() {
    return cases(r -> Arguments.of(name(r), value(r), name(r), value(r), value(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("nulQueries")
  void aNulInAValueNamesItsParameter(
      String clean, String ok, String name, String before, String after) {
    String query =
        encode(clean) + "=" + encode(ok) + "&" + name + "=" + encode(before + '\u0000' + after);
    assertEquals(Optional.of(name), UrlRules.offending("/v1/memories", query));
  }

  static Stream<Arguments> valuePairs() {
    return cases(r -> Arguments.of(value(r), value(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("valuePairs")
  void aNulAnywhereInThePathIsRefused(String before, String after) {
    String path = "/v1/memories/" + encode(before) + "%00" + encode(after);
    assertEquals(Optional.of("path"), UrlRules.offending(path, null));
  }

  static Stream<Arguments> values() {
    return cases(r -> Arguments.of(value(r)));
  }

  @ParameterizedTest(name = NAME)
  @MethodSource("values")
  void aUriIsMeasuredInUtf8Bytes(String raw) {
    assertEquals(raw.getBytes(StandardCharsets.UTF_8).length, UrlRules.uriBytes(raw));
    String escaped = "/v1/x?q=" + encode(raw);
    assertEquals(escaped.length(), UrlRules.uriBytes(escaped));
  }
}
