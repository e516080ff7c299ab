package dev.engram.capture.projection;

import dev.engram.capture.background.Ticker;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.outbox.OutboxRepository;
import dev.engram.capture.outbox.OutboxSignal;
import dev.engram.capture.outbox.OutboxStats;
import io.opentelemetry.api.trace.Tracer;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** Starts one dispatcher per projection, each on its own timer, paced by {@link PollPace}. */
@ApplicationScoped
class OutboxDispatchers {

  private final RecallProjection recall;
  private final GraphProjection graph;
  private final CaptureConfig config;
  private final OutboxStats stats;
  private final OutboxSignal signal;
  private final OutboxRepository outbox;
  private final Tracer tracer;

  OutboxDispatchers(
      RecallProjection recall,
      GraphProjection graph,
      CaptureConfig config,
      OutboxStats stats,
      OutboxSignal signal,
      OutboxRepository outbox,
      Tracer tracer) {
    this.tracer = tracer;
    this.recall = recall;
    this.graph = graph;
    this.config = config;
    this.stats = stats;
    this.signal = signal;
    this.outbox = outbox;
  }

  void schedule(@Observes StartupEvent event, Ticker ticker) {
    start(ticker, recall);
    start(ticker, graph);
  }

  private <O> void start(Ticker ticker, Projection<O> projection) {
    OutboxDispatcher<O> dispatcher =
        new OutboxDispatcher<>(
            projection,
            outbox,
            config.outbox(),
            stats.of(projection.target()),
            signal,
            new DeliveryTracing(tracer, projection.target()));
    ticker.every(
        config.outbox().pollInterval(),
        "outbox-dispatcher-" + projection.target().wire(),
        dispatcher::drain);
  }
}
