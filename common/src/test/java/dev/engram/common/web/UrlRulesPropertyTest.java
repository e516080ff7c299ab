package dev.engram.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The URL rules over generated queries (jqwik; the seed is fixed and printed in each property's
 * report): a NUL is found however it is escaped and named by its parameter, anything else passes,
 * and a URI's length is counted in the bytes it takes on the wire.
 */
class UrlRulesPropertyTest {

  private static final String SEED = "20261124";

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().alpha().numeric().withChars('_').ofMinLength(1).ofMaxLength(12);
  }

  /** Any text without NUL: every code point above U+0000, surrogates only in pairs. */
  @Provide
  Arbitrary<String> values() {
    return Arbitraries.strings()
        .all()
        .ofMaxLength(30)
        .map(s -> s.replace('\u0000', ' '))
        .filter(s -> StandardCharsets.UTF_8.newEncoder().canEncode(s));
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Property(seed = SEED, tries = 500)
  void aQueryWithoutNulPasses(
      @ForAll("names") String first,
      @ForAll("values") String a,
      @ForAll("names") String second,
      @ForAll("values") String b) {
    String query = encode(first) + "=" + encode(a) + "&" + encode(second) + "=" + encode(b);
    assertEquals(Optional.empty(), UrlRules.offending("/v1/memories", query));
  }

  @Property(seed = SEED, tries = 500)
  void aNulInAValueNamesItsParameter(
      @ForAll("names") String clean,
      @ForAll("values") String ok,
      @ForAll("names") String name,
      @ForAll("values") String before,
      @ForAll("values") String after) {
    String query =
        encode(clean) + "=" + encode(ok) + "&" + name + "=" + encode(before + '\u0000' + after);
    assertEquals(Optional.of(name), UrlRules.offending("/v1/memories", query));
  }

  @Property(seed = SEED, tries = 300)
  void aNulAnywhereInThePathIsRefused(
      @ForAll("values") String before, @ForAll("values") String after) {
    String path = "/v1/memories/" + encode(before) + "%00" + encode(after);
    assertEquals(Optional.of("path"), UrlRules.offending(path, null));
  }

  @Property(seed = SEED, tries = 300)
  void aUriIsMeasuredInUtf8Bytes(@ForAll("values") String raw) {
    assertEquals(raw.getBytes(StandardCharsets.UTF_8).length, UrlRules.uriBytes(raw));
    String escaped = "/v1/x?q=" + encode(raw);
    assertEquals(escaped.length(), UrlRules.uriBytes(escaped));
  }
}
