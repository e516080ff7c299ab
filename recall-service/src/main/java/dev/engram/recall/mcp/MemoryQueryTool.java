package dev.engram.recall.mcp;

import dev.engram.recall.client.MemoriesClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * MicroClaw's {@code memory_query} (contract §4): list, context, search, get. Filters and order are
 * the contract's, applied to the record rather than the index, since none of them is semantic.
 */
@ApplicationScoped
class MemoryQueryTool {

  /** Below this confidence a memory is left out of context (and of a narrow search). */
  static final double CONFIDENCE_FLOOR = 0.45;

  private static final int MAX_LIMIT = 1000;
  private static final Comparator<MicroClawRow> NEWEST =
      Comparator.comparing(MicroClawRow::updatedAt, Comparator.nullsLast(Comparator.reverseOrder()))
          .thenComparing(MicroClawRow::id, Comparator.reverseOrder());

  private final AgentMemories memories;

  MemoryQueryTool(AgentMemories memories) {
    this.memories = memories;
  }

  /** The answer as a JSON-ready value: a list of rows, or one row for {@code get}. */
  Uni<Object> call(McpCaller caller, ToolArgs args) {
    return switch (args.op()) {
      case "list" ->
          memories.of(caller, args.optionalLong("chat_id"), AgentMemories.ALL).map(r -> r);
      case "context" -> context(caller, args);
      case "search" -> search(caller, args);
      case "get" -> get(caller, args.requiredLong("id"));
      default ->
          throw new ToolFailure(
              "unsupported op '" + args.op() + "' for memory_query (list, context, search, get)");
    };
  }

  private Uni<Object> context(McpCaller caller, ToolArgs args) {
    Long chatId = args.optionalLong("chat_id");
    int limit = args.limit(100, MAX_LIMIT);
    // Rows carry one fixed-width UTC form, so times compare as text.
    String now = MicroClawRow.format(Instant.now());
    // Up to a page, capture filters and orders (two small reads at any size); beyond, all rows.
    Uni<List<MicroClawRow>> read =
        limit <= MemoriesClient.newestMax()
            ? memories.newestVisibleIn(caller, chatId, CONFIDENCE_FLOOR, limit)
            : memories.visibleIn(caller, chatId, AgentMemories.ACTIVE);
    return read.map(
        rows ->
            rows.stream()
                .filter(r -> r.confidence() >= CONFIDENCE_FLOOR)
                .filter(r -> r.expiresAt() == null || r.expiresAt().compareTo(now) > 0)
                .sorted(NEWEST)
                .limit(limit)
                .toList());
  }

  private Uni<Object> search(McpCaller caller, ToolArgs args) {
    Long chatId = args.optionalLong("chat_id");
    String query = args.optionalText("query");
    if (query == null) {
      throw new ToolFailure("query is required (a string) for op search");
    }
    String needle = query.strip().toLowerCase(Locale.ROOT);
    int limit = args.limit(10, MAX_LIMIT);
    boolean archived = args.flag("include_archived", false);
    boolean broad = args.flag("broad_recall", true);
    return memories
        .visibleIn(caller, chatId, archived ? AgentMemories.ALL : AgentMemories.ACTIVE)
        .map(
            rows ->
                rows.stream()
                    .filter(r -> r.content().toLowerCase(Locale.ROOT).contains(needle))
                    .filter(r -> broad || r.confidence() >= CONFIDENCE_FLOOR)
                    .sorted(
                        Comparator.comparingDouble(MicroClawRow::confidence)
                            .reversed()
                            .thenComparing(NEWEST))
                    .limit(limit)
                    .toList());
  }

  /** The row as a bare object; an unknown id (another tenant's included) is an empty list. */
  private Uni<Object> get(McpCaller caller, long id) {
    return memories
        .find(caller, id)
        .map(found -> found.<Object>map(AgentMemories.Found::row).orElse(List.of()));
  }
}
