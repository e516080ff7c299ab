package dev.engram.recall.context;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.recall.RecallRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/context}: who the context is for (agent, and optionally chat, thread and
 * session), an optional query for L2 relevance, the budget in tokens, and how many recent turns of
 * the chat to show (default {@code engram.recall.context.recent-turns}); with a {@code mode}, only
 * memories of that mode and untagged ones are shown.
 */
public record ContextRequest(
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @Size(min = 1, max = 256) String session,
    @Size(min = 1) String query,
    @NotNull @Min(1) @Max(1_000_000) Integer budgetTokens,
    @Min(0) @Max(100) Integer recentTurns,
    @Pattern(regexp = IndexDocument.MODE_PATTERN, message = RecallRequest.MODE_MESSAGE)
        String mode) {

  /** A request of every mode. */
  public ContextRequest(
      String agent,
      String chat,
      String thread,
      String session,
      String query,
      Integer budgetTokens,
      Integer recentTurns) {
    this(agent, chat, thread, session, query, budgetTokens, recentTurns, null);
  }

  /** A request showing the configured number of recent turns. */
  public ContextRequest(
      String agent,
      String chat,
      String thread,
      String session,
      String query,
      Integer budgetTokens) {
    this(agent, chat, thread, session, query, budgetTokens, null, null);
  }
}
