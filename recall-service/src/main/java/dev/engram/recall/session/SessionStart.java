package dev.engram.recall.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.context.ContextResponse;

/**
 * Answer of {@code POST /v1/sessions/start}: the session as capture-service recorded it
 * (SessionView) and the warm-start context for it, as {@code POST /v1/context} answers it.
 */
public record SessionStart(JsonNode session, ContextResponse context) {}
