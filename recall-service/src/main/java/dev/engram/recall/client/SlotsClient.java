package dev.engram.recall.client;

import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.context.SlotSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Slots for context assembly from capture-service, with a deadline; a failure completes the future
 * with a message saying what happened, and the context is built without slots.
 */
@ApplicationScoped
public class SlotsClient implements SlotSource {

  private final SlotsRestClient client;
  private final Duration timeout;

  SlotsClient(@RestClient SlotsRestClient client, RecallConfig config) {
    this.client = client;
    this.timeout = config.context().slotsTimeout();
  }

  @Override
  public CompletableFuture<List<Slot>> slots(
      String tenant, String agent, String session, String thread) {
    return client
        .slots(tenant, agent, session, thread)
        .ifNoItem()
        .after(timeout)
        .failWith(
            () ->
                new IllegalStateException(
                    "capture-service did not answer within " + timeout.toMillis() + " ms"))
        .onFailure(f -> !(f instanceof IllegalStateException))
        .transform(
            f -> new IllegalStateException(Failures.classify("capture-service", f).message()))
        .map(
            r ->
                r == null || r.slots() == null
                    ? List.<Slot>of()
                    : r.slots().stream()
                        .map(s -> new Slot(s.ownerType(), s.ownerId(), s.name(), s.content()))
                        .toList())
        .subscribeAsCompletionStage();
  }
}
