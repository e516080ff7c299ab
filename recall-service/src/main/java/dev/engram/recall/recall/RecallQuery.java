package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.Visibility;
import java.time.Instant;
import java.util.Set;

/**
 * One recall as the engine runs it: who asks, the text, how many items, the filters, and the mode
 * (null: every mode).
 */
public record RecallQuery(
    String tenant,
    String agent,
    String chat,
    String thread,
    String text,
    int k,
    Set<DocKind> kinds,
    Filters filters,
    String mode) {

  /**
   * The characters of a query recall reads. Past them little can change the answer: the model reads
   * its first 256 tokens (about 1,000 characters of English) and BM25 its first {@link
   * dev.engram.recall.index.TextTerms#MAX_QUERY_TERMS} distinct terms, and tokenising, parsing
   * dates and finding names in the rest cost CPU for nothing (a 30 KB query cost several times a
   * short one).
   */
  public static final int MAX_CHARS = 1_000;

  public RecallQuery {
    text = usable(text);
    kinds = Set.copyOf(kinds);
    filters = filters == null ? Filters.NONE : filters;
  }

  /** A query that sees every mode. */
  public RecallQuery(
      String tenant,
      String agent,
      String chat,
      String thread,
      String text,
      int k,
      Set<DocKind> kinds,
      Filters filters) {
    this(tenant, agent, chat, thread, text, k, kinds, filters, null);
  }

  /** {@code text} cut to {@link #MAX_CHARS} at a word break (never inside a surrogate pair). */
  static String usable(String text) {
    if (text == null || text.length() <= MAX_CHARS) {
      return text;
    }
    int end = MAX_CHARS;
    if (Character.isLowSurrogate(text.charAt(end))) {
      end--;
    }
    int space = end;
    while (space > MAX_CHARS - 100 && !Character.isWhitespace(text.charAt(space))) {
      space--;
    }
    return text.substring(0, Character.isWhitespace(text.charAt(space)) ? space : end);
  }

  Visibility visibility(Instant now) {
    return new Visibility(tenant, agent, chat, kinds, now, filters, mode);
  }

  /** The moment recency is measured from: {@code as_of} when the query travels back in time. */
  Instant reference(Instant now) {
    return filters.asOf() != null ? filters.asOf() : now;
  }
}
