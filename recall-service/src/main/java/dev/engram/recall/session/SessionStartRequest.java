package dev.engram.recall.session;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/sessions/start}: who starts a session (agent, and optionally chat, thread
 * and the session's own id), the user's first message if there is one (the context adds what is
 * relevant to it), and the context's budget in tokens.
 */
public record SessionStartRequest(
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @Size(min = 1, max = 256) String session,
    @Size(min = 1) String firstMessage,
    @NotNull @Min(1) @Max(1_000_000) Integer budgetTokens) {}
