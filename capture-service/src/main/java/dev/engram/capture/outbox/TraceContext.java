package dev.engram.capture.outbox;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import java.util.regex.Pattern;

/**
 * The W3C {@code traceparent} of the current span, as stored with an outbox row, and back. With
 * tracing off (the default) the current span is the invalid one and nothing is stored.
 */
public final class TraceContext {

  private static final Pattern TRACEPARENT =
      Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");

  private TraceContext() {}

  /** {@code 00-<trace id>-<span id>-<flags>} of the current span, or null when there is none. */
  public static String currentTraceparent() {
    SpanContext span = Span.current().getSpanContext();
    if (!span.isValid()) {
      return null;
    }
    return "00-" + span.getTraceId() + "-" + span.getSpanId() + "-" + span.getTraceFlags().asHex();
  }

  /** The remote span a stored traceparent names; invalid when the text is not one. */
  public static SpanContext parse(String traceparent) {
    if (traceparent == null || !TRACEPARENT.matcher(traceparent).matches()) {
      return SpanContext.getInvalid();
    }
    return SpanContext.createFromRemoteParent(
        traceparent.substring(3, 35),
        traceparent.substring(36, 52),
        TraceFlags.fromHex(traceparent, 53),
        TraceState.getDefault());
  }
}
