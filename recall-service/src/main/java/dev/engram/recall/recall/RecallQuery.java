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

  public RecallQuery {
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

  Visibility visibility(Instant now) {
    return new Visibility(tenant, agent, chat, kinds, now, filters, mode);
  }

  /** The moment recency is measured from: {@code as_of} when the query travels back in time. */
  Instant reference(Instant now) {
    return filters.asOf() != null ? filters.asOf() : now;
  }
}
