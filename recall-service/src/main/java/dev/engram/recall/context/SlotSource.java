package dev.engram.recall.context;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where context assembly reads slots: capture-service's {@code GET /internal/v1/slots}. A failure
 * completes the future exceptionally; the context is then built without slots and says so.
 */
public interface SlotSource {

  /** The agent's own slots, the session's and the thread's (session and thread may be null). */
  CompletableFuture<List<Slot>> slots(String tenant, String agent, String session, String thread);

  /** One slot: who owns it (AGENT, SESSION, THREAD), its name and its content. */
  record Slot(String ownerType, String ownerId, String name, String content) {}
}
