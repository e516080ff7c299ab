package dev.engram.capture.gate;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a model could be asked to decode: base64 (standard and URL-safe), hex, percent-encoding,
 * ROT13, reversed text and pig latin. Each decoder has a cheap pre-check, so ordinary text costs a
 * few regex passes and no extra rule scan: binary decoders only try runs long enough to hold a
 * sentence and keep a result only when it is readable text; the letter games (ROT13, reversed, pig
 * latin) only when the decoded text has more common words than the text as written.
 */
final class Encodings {

  /** A decoded reading of (part of) a text. */
  record Decoded(String encoding, String text) {}

  private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/_-]{16,}={0,2}");
  private static final Pattern HEX =
      Pattern.compile("(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[ :]?){8,}(?![0-9A-Fa-f])");
  private static final Pattern PERCENT = Pattern.compile("%[0-9A-Fa-f]{2}");
  private static final Pattern PLUS_WORDS = Pattern.compile("\\p{L}+\\+\\p{L}+\\+\\p{L}+");
  private static final Pattern WORD = Pattern.compile("\\p{L}{2,}");

  /** Short words common in the languages payloads are written in (en, es, fr, de, pt, it). */
  static final Set<String> COMMON =
      Set.of(
          "the", "and", "to", "of", "you", "your", "all", "is", "in", "for", "this", "that", "it",
          "with", "on", "be", "are", "me", "my", "now", "every", "any", "from", "about", "el", "la",
          "los", "las", "de", "del", "que", "tu", "tus", "su", "sus", "todo", "todas", "le", "les",
          "et", "ton", "tes", "du", "des", "und", "die", "der", "das", "den", "dein", "deine",
          "alle", "os", "as", "do", "da", "seu", "sua", "il", "di", "tutto");

  private Encodings() {}

  /** Every reading of {@code text} that decodes to something readable; empty for plain text. */
  static List<Decoded> of(String text) {
    List<Decoded> found = new ArrayList<>();
    Matcher b = BASE64.matcher(text);
    while (b.find()) {
      base64(b.group()).ifPresent(t -> found.add(new Decoded("base64", t)));
    }
    Matcher h = HEX.matcher(text);
    while (h.find()) {
      readable(
              HexFormat.of()
                  .parseHex(h.group().replaceAll("[ :]", "").substring(0, evenLength(h.group()))))
          .ifPresent(t -> found.add(new Decoded("hex", t)));
    }
    if (PERCENT.matcher(text).find() || PLUS_WORDS.matcher(text).find()) {
      String decoded = percent(text);
      if (!decoded.equals(text)) {
        found.add(new Decoded("url-encoding", decoded));
      }
    }
    for (String part : parts(text)) {
      int plain = common(part);
      String rot13 = rot13(part);
      if (common(rot13) >= Math.max(2, plain)) {
        found.add(new Decoded("rot13", rot13));
      }
      String reversed = new StringBuilder(part).reverse().toString();
      if (common(reversed) >= Math.max(2, plain)) {
        found.add(new Decoded("reversed", reversed));
      }
    }
    PigLatin.decode(text).ifPresent(t -> found.add(new Decoded("pig-latin", t)));
    return found;
  }

  /** A lead-in and what it introduces ("Read this backwards: …"), or lines, are read apart. */
  private static final Pattern PART = Pattern.compile(":\\s+|\\R");

  /**
   * The text, and when it has a lead-in or several lines, each part: a plain lead-in's common words
   * would otherwise outnumber those of the encoded part after it, and the letter games would not be
   * tried.
   */
  private static List<String> parts(String text) {
    String[] split = PART.split(text);
    if (split.length == 1) {
      return List.of(text);
    }
    List<String> parts = new ArrayList<>(split.length + 1);
    parts.add(text);
    for (String part : split) {
      if (part.length() >= 16) {
        parts.add(part);
      }
    }
    return parts;
  }

  private static int evenLength(String hexRun) {
    int digits = hexRun.replaceAll("[ :]", "").length();
    return digits - digits % 2;
  }

  private static Optional<String> base64(String run) {
    String body = run.replace("=", "");
    if (body.length() % 4 == 1) {
      return Optional.empty();
    }
    try {
      byte[] bytes =
          run.indexOf('-') >= 0 || run.indexOf('_') >= 0
              ? Base64.getUrlDecoder().decode(body)
              : Base64.getDecoder().decode(body);
      return readable(bytes);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The bytes as text when they are valid UTF-8 and read like words, not binary or a hash. */
  static Optional<String> readable(byte[] bytes) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
    long letters = text.codePoints().filter(Character::isLetter).count();
    long spaces = text.chars().filter(c -> c == ' ').count();
    long controls =
        text.codePoints().filter(c -> Character.isISOControl(c) && c != '\n' && c != '\t').count();
    return controls == 0 && spaces >= 2 && letters * 10 >= text.length() * 6L
        ? Optional.of(text)
        : Optional.empty();
  }

  /** Percent-escapes decoded as UTF-8 bytes and '+' as a space; a malformed escape stays as is. */
  static String percent(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
    byte[] raw = text.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < raw.length; i++) {
      if (raw[i] == '%' && i + 2 < raw.length && hex(raw[i + 1]) && hex(raw[i + 2])) {
        out.write(HexFormat.fromHexDigits(new String(raw, i + 1, 2, StandardCharsets.US_ASCII)));
        i += 2;
      } else {
        out.write(raw[i] == '+' ? ' ' : raw[i]);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static boolean hex(byte b) {
    return Character.digit(b, 16) >= 0;
  }

  static String rot13(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 'a' && c <= 'z') {
        c = (char) ('a' + (c - 'a' + 13) % 26);
      } else if (c >= 'A' && c <= 'Z') {
        c = (char) ('A' + (c - 'A' + 13) % 26);
      }
      out.append(c);
    }
    return out.toString();
  }

  /** How many common short words the text has: the test of whether a letter game decoded it. */
  static int common(String text) {
    Matcher m = WORD.matcher(text);
    int n = 0;
    while (m.find()) {
      if (m.end() - m.start() <= 6 && COMMON.contains(m.group().toLowerCase(Locale.ROOT))) {
        n++;
      }
    }
    return n;
  }
}
