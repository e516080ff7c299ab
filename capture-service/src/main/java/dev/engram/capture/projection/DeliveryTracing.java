package dev.engram.capture.projection;

import dev.engram.capture.outbox.OutboxEvent;
import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.capture.outbox.TraceContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The span of one outbox delivery. A batch carries the events of many writes, so the span starts a
 * trace of its own and links to each write's stored trace context; the projection call it makes
 * (and so the receiving service's spans) sits under it. With tracing off the tracer is a no-op.
 */
final class DeliveryTracing {

  /** The SDK keeps 128 links a span by default; a batch of more distinct writes keeps the first. */
  private static final int MAX_LINKS = 128;

  private final Tracer tracer;
  private final String name;
  private final String target;

  DeliveryTracing(Tracer tracer, Target target) {
    this.tracer = tracer;
    this.target = target.wire();
    this.name = "outbox deliver " + this.target;
  }

  /** Starts the delivery span of these events, linked to the writes that enqueued them. */
  Span start(List<OutboxEvent> events) {
    SpanBuilder span =
        tracer
            .spanBuilder(name)
            .setNoParent()
            .setSpanKind(SpanKind.CONSUMER)
            .setAttribute("engram.outbox.target", target)
            .setAttribute("messaging.batch.message_count", (long) events.size());
    Set<String> linked = new HashSet<>();
    for (OutboxEvent event : events) {
      if (event.traceparent != null && linked.size() < MAX_LINKS && linked.add(event.traceparent)) {
        SpanContext write = TraceContext.parse(event.traceparent);
        if (write.isValid()) {
          span.addLink(write);
        }
      }
    }
    return span.startSpan();
  }

  /** Ends the span, marked as an error when the delivery failed. */
  static void end(Span span, Throwable failure) {
    if (failure != null) {
      span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
    }
    span.end();
  }
}
