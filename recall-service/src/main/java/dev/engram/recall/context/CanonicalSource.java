package dev.engram.recall.context;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where context assembly learns which memories a human promoted (capture-service's {@code GET
 * /internal/v1/canonical}, asked through {@link CaptureParts}; this single call serves a
 * capture-service without its one request): they open the identity layer. A failure completes the
 * future exceptionally; the layer is then ordered by confidence alone, and the answer says so.
 */
public interface CanonicalSource {

  /** Ids of the canonical memories the agent (in the chat, which may be null) may see, in order. */
  CompletableFuture<List<Long>> canonical(String tenant, String agent, String chat);
}
