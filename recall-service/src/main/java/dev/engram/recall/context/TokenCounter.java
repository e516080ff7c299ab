package dev.engram.recall.context;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingResult;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Counts tokens with a real BPE tokenizer (jtokkit: the encodings of OpenAI's models, e.g.
 * cl100k_base, o200k_base), so a budget in tokens means what the model will see. Special-token text
 * in memories is counted as ordinary text, as a chat API would treat it. Thread-safe.
 */
final class TokenCounter {

  /** Texts up to this long have their count kept; a whole context block is longer. */
  private static final int MAX_KEPT_CHARS = 4096;

  private final String name;
  private final Encoding encoding;

  /**
   * Counts of the lines, headings and separators: a context assembly counts each candidate line,
   * often twice, and the same memories come back from one turn to the next.
   */
  private final Cache<String, Integer> counted =
      Caffeine.newBuilder()
          .maximumWeight(16L << 20)
          .<String, Integer>weigher((text, n) -> 64 + 2 * text.length())
          .build();

  TokenCounter(String name) {
    this.name = name;
    this.encoding =
        Encodings.newDefaultEncodingRegistry()
            .getEncoding(
                EncodingType.fromName(name)
                    .orElseThrow(
                        () ->
                            new IllegalArgumentException(
                                "engram.recall.context.encoding: unknown encoding " + name)));
  }

  String name() {
    return name;
  }

  int count(String text) {
    if (text.isEmpty()) {
      return 0;
    }
    if (text.length() > MAX_KEPT_CHARS) {
      return encoding.countTokensOrdinary(text);
    }
    return counted.get(text, encoding::countTokensOrdinary);
  }

  /** The longest prefix of {@code text} of at most {@code max} tokens (cut at a token edge). */
  String truncate(String text, int max) {
    if (max <= 0) {
      return "";
    }
    EncodingResult head = encoding.encodeOrdinary(text, max);
    return head.isTruncated() ? encoding.decode(head.getTokens()) : text;
  }
}
