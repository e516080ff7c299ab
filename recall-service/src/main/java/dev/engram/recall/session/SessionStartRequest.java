package dev.engram.recall.session;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.recall.RecallRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/sessions/start}: who starts a session (agent, and optionally chat, thread
 * and the session's own id), the user's first message if there is one (the context adds what is
 * relevant to it), the context's budget in tokens, and optionally a mode: the warm-start context
 * then shows that mode's and untagged items only, as {@code /v1/context} does.
 */
public record SessionStartRequest(
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @Size(min = 1, max = 256) String session,
    @Size(min = 1) String firstMessage,
    @NotNull @Min(1) @Max(1_000_000) Integer budgetTokens,
    @Pattern(regexp = IndexDocument.MODE_PATTERN, message = RecallRequest.MODE_MESSAGE)
        String mode) {

  /** A start of every mode. */
  public SessionStartRequest(
      String agent,
      String chat,
      String thread,
      String session,
      String firstMessage,
      Integer budgetTokens) {
    this(agent, chat, thread, session, firstMessage, budgetTokens, null);
  }
}
