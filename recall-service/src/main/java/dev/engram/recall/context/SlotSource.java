package dev.engram.recall.context;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Slots as context assembly reads them: capture-service's {@code GET /internal/v1/slots}, asked
 * through {@link CaptureParts} with the turns and canonical memories in one request (this single
 * call serves a capture-service without that endpoint). A failure completes the future
 * exceptionally; the context is then built without slots and says so.
 */
public interface SlotSource {

  /**
   * The tenant's (global notes), the agent's, the chat's, the session's and the thread's slots, in
   * that order (chat, session and thread may be null).
   */
  CompletableFuture<List<Slot>> slots(
      String tenant, String agent, String chat, String session, String thread);

  /** One slot: who owns it (TENANT, AGENT, CHAT, SESSION, THREAD), its name and its content. */
  record Slot(String ownerType, String ownerId, String name, String content) {}
}
