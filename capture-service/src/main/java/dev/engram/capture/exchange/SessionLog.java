package dev.engram.capture.exchange;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;

/**
 * The sessions of a chat that ended in a time window, for the day view. A port: sessions are
 * recorded above this package ({@code session/}, which reads exchanges), so the day view asks
 * through this interface and exchange never depends on it.
 */
public interface SessionLog {

  /** Sessions of the chat whose end lies in {@code [from, to)}, in the order they ended. */
  Uni<List<Ended>> endedBetween(String tenant, String agent, String chat, Instant from, Instant to);

  /** One ended session; {@code withheld} when the gate quarantined its summary. */
  record Ended(
      String session,
      String thread,
      Instant startedAt,
      Instant endedAt,
      String summary,
      boolean withheld) {}
}
