package dev.engram.graph.text;

import dev.engram.common.Sha256;
import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Normalized names: the key under which an entity is found. "The Eiffel Tower", "eiffel tower" and
 * "Eiffel Tower's" share the key {@code eiffel tower}; accents are folded ("Zürich" = "zurich").
 */
public final class Names {

  private static final Pattern MARKS = Pattern.compile("\\p{M}+");
  private static final Pattern POSSESSIVE = Pattern.compile("['’]s\\b");
  private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}&]+");

  private Names() {}

  /** The key of a name; empty when nothing word-like is left. */
  public static String normalize(String name) {
    String folded = MARKS.matcher(Normalizer.normalize(name, Normalizer.Form.NFKD)).replaceAll("");
    String lower = folded.toLowerCase(Locale.ROOT);
    String words = NOT_WORD.matcher(POSSESSIVE.matcher(lower).replaceAll("")).replaceAll(" ");
    String key = words.strip().replaceAll(" +", " ");
    return key.startsWith("the ") ? key.substring(4) : key;
  }

  /** The stable id of the entity first created under {@code key} (the same after a rebuild). */
  public static String entityId(String key) {
    return "e-" + Sha256.hex(key).substring(0, 16);
  }

  /** The bucket fuzzy candidates are drawn from: names sharing the first character. */
  public static String block(String key) {
    return key.isEmpty() ? "" : key.substring(0, key.offsetByCodePoints(0, 1));
  }

  /** A display name: trimmed, inner whitespace collapsed. */
  public static String display(String name) {
    return name.strip().replaceAll("\\s+", " ");
  }
}
