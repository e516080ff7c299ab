package dev.engram.recall.context;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where context assembly reads what capture-service holds for it: the slots ({@link SlotSource}),
 * the chat's recent turns ({@link TurnSource}) and the canonical memory ids ({@link
 * CanonicalSource}), asked in one request. Each part is its own future with its own deadline; when
 * the request fails or is late, every part asked fails with the reason, and the context is built
 * without them and names each in {@code skipped}.
 */
public interface CaptureParts {

  /**
   * Starts the request: slots of (agent, chat, session, thread), the chat's last {@code
   * recentTurns} turns of {@code mode} (none asked when 0: that part is then an empty list) and the
   * canonical memories the agent may see in the chat.
   */
  Pending ask(
      String tenant,
      String agent,
      String chat,
      String session,
      String thread,
      String mode,
      int recentTurns);

  /** The three parts of one request, each answered (or failed) on its own deadline. */
  record Pending(
      CompletableFuture<List<SlotSource.Slot>> slots,
      CompletableFuture<List<TurnSource.Turn>> turns,
      CompletableFuture<List<Long>> canonical) {}
}
