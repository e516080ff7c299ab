package dev.engram.recall.context;

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

  private final String name;
  private final Encoding encoding;

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
    return text.isEmpty() ? 0 : encoding.countTokensOrdinary(text);
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
