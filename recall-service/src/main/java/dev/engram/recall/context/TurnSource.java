package dev.engram.recall.context;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A chat's recent turns as context assembly reads them: capture-service's {@code GET
 * /internal/v1/exchanges/recent}, asked through {@link CaptureParts} (this single call serves a
 * capture-service without its one request). A failure completes the future exceptionally; the
 * context is then built without them and says so.
 */
public interface TurnSource {

  /**
   * The chat's last {@code limit} turns (of {@code mode} and untagged; null: all), oldest first.
   */
  CompletableFuture<List<Turn>> recent(
      String tenant, String agent, String chat, String mode, int limit);

  /** One verbatim turn of the chat; speaker, role and text are the chat's, not trusted. */
  record Turn(
      long id,
      String speaker,
      String role,
      String text,
      Instant occurredAt,
      String thread,
      String session) {}
}
