package dev.engram.recall.client;

import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.context.CaptureParts;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Slots, recent turns and canonical memories for context assembly from capture-service's {@code GET
 * /internal/v1/context-parts}: one request (one HTTP exchange, one database session there) instead
 * of three. Each part keeps the deadline and the failure message of its own call: slots and
 * canonical {@code slots-timeout}, turns {@code recent-turns-timeout}. A capture-service that does
 * not know the endpoint yet (404, a rolling upgrade) is asked part by part as before.
 */
@ApplicationScoped
public class ContextPartsClient implements CaptureParts {

  private static final String CAPTURE = "capture-service";

  private final CaptureInternalRestClient client;
  private final SlotsClient single;
  private final CanonicalClient canonical;
  private final Duration slotsTimeout;
  private final Duration turnsTimeout;

  ContextPartsClient(
      @RestClient CaptureInternalRestClient client,
      SlotsClient single,
      CanonicalClient canonical,
      ContextConfig config) {
    this.client = client;
    this.single = single;
    this.canonical = canonical;
    this.slotsTimeout = config.slotsTimeout();
    this.turnsTimeout = config.recentTurnsTimeout();
  }

  @Override
  public Pending ask(
      String tenant,
      String agent,
      String chat,
      String session,
      String thread,
      String mode,
      int recentTurns) {
    boolean turns = recentTurns > 0;
    CompletableFuture<CaptureInternalWire.ContextParts> whole =
        client
            .contextParts(
                tenant,
                agent,
                chat,
                session,
                thread,
                turns ? recentTurns : null,
                turns ? mode : null)
            .subscribeAsCompletionStage();
    return new Pending(
        part(
            whole,
            slotsTimeout,
            p -> SlotsClient.slots(p.slots()),
            () -> single.slots(tenant, agent, chat, session, thread)),
        turns
            ? part(
                whole,
                turnsTimeout,
                p -> SlotsClient.turns(p.recent()),
                () -> single.recent(tenant, agent, chat, mode, recentTurns))
            : CompletableFuture.completedFuture(List.of()),
        part(
            whole,
            slotsTimeout,
            p -> CanonicalClient.ids(p.canonical()),
            () -> canonical.canonical(tenant, agent, chat)));
  }

  /**
   * One part of the shared answer, failing on its own deadline with the message its own call gave;
   * on a 404 (no such endpoint) the part's own call, {@code older}, answers it.
   */
  private static <T> CompletableFuture<T> part(
      CompletableFuture<CaptureInternalWire.ContextParts> whole,
      Duration timeout,
      Function<CaptureInternalWire.ContextParts, T> pick,
      Supplier<CompletableFuture<T>> older) {
    return Failures.skippable(
        CAPTURE,
        timeout,
        Uni.createFrom()
            .completionStage(whole)
            .map(p -> pick.apply(p == null ? EMPTY : p))
            .onFailure(ContextPartsClient::notFound)
            .recoverWithUni(() -> Uni.createFrom().completionStage(older)));
  }

  private static final CaptureInternalWire.ContextParts EMPTY =
      new CaptureInternalWire.ContextParts(null, null, null);

  private static boolean notFound(Throwable failure) {
    return failure instanceof WebApplicationException web
        && web.getResponse() != null
        && web.getResponse().getStatus() == 404;
  }
}
