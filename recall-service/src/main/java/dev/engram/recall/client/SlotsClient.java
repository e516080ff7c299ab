package dev.engram.recall.client;

import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.context.SlotSource;
import dev.engram.recall.context.TurnSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Slots and recent turns for context assembly from capture-service, each with a deadline; a failure
 * completes the future with a message saying what happened, and the context is built without that
 * part. Context assembly asks them with the canonical memories in one request ({@link
 * ContextPartsClient}); these single calls serve a capture-service without that endpoint.
 */
@ApplicationScoped
public class SlotsClient implements SlotSource, TurnSource {

  private static final String CAPTURE = "capture-service";

  private final CaptureInternalRestClient client;
  private final Duration slotsTimeout;
  private final Duration turnsTimeout;

  SlotsClient(@RestClient CaptureInternalRestClient client, ContextConfig config) {
    this.client = client;
    this.slotsTimeout = config.slotsTimeout();
    this.turnsTimeout = config.recentTurnsTimeout();
  }

  @Override
  public CompletableFuture<List<Slot>> slots(
      String tenant, String agent, String chat, String session, String thread) {
    return Failures.skippable(
        CAPTURE,
        slotsTimeout,
        client
            .slots(tenant, agent, chat, session, thread)
            .map(r -> slots(r == null ? null : r.slots())));
  }

  @Override
  public CompletableFuture<List<Turn>> recent(
      String tenant, String agent, String chat, String mode, int limit) {
    return Failures.skippable(
        CAPTURE,
        turnsTimeout,
        client.recentTurns(tenant, agent, chat, limit, mode).map(r -> turns(r)));
  }

  /** The wire's slots as context assembly takes them (none for a missing list). */
  static List<Slot> slots(List<CaptureInternalWire.Slot> wire) {
    return wire == null
        ? List.of()
        : wire.stream()
            .map(s -> new Slot(s.ownerType(), s.ownerId(), s.name(), s.content()))
            .toList();
  }

  /** The wire's turns as context assembly takes them: without id or text a turn is left out. */
  static List<Turn> turns(CaptureInternalWire.RecentTurns r) {
    return r == null || r.turns() == null
        ? List.of()
        : r.turns().stream()
            .filter(t -> t.id() != null && t.text() != null)
            .map(
                t ->
                    new Turn(
                        t.id(),
                        Objects.requireNonNullElse(t.speaker(), "someone"),
                        t.role(),
                        t.text(),
                        t.occurredAt(),
                        t.thread(),
                        t.session()))
            .toList();
  }
}
