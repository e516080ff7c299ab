package dev.engram.graph.neo4j;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;

/**
 * A client span per Cypher statement (the Neo4j driver has no OpenTelemetry instrumentation of its
 * own): named after the statement's first clause, with the statement text as written (parameters
 * are never recorded). With tracing off the tracer is a no-op and nothing below is computed.
 */
@ApplicationScoped
class CypherSpans {

  /** Long statements are cut here: the text names the query, it is not an archive of it. */
  private static final int MAX_TEXT = 1_000;

  private final Tracer tracer;

  CypherSpans(Tracer tracer) {
    this.tracer = tracer;
  }

  /** Starts the span of one statement under the current span (the request's, if any). */
  Span start(String cypher, boolean write) {
    Span span =
        tracer
            .spanBuilder("neo4j")
            .setSpanKind(SpanKind.CLIENT)
            .setAttribute("db.system", "neo4j")
            .setAttribute("db.system.name", "neo4j")
            .startSpan();
    if (span.isRecording()) {
      String operation = operation(cypher);
      String text = cypher.strip();
      span.updateName(operation + " neo4j")
          .setAttribute("db.operation.name", operation)
          .setAttribute("engram.neo4j.access_mode", write ? "WRITE" : "READ")
          .setAttribute(
              "db.query.text", text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "…" : text);
    }
    return span;
  }

  /** Ends the span; a failure marks it as an error with the exception's type, not its message. */
  static void end(Span span, Throwable failure) {
    if (failure != null) {
      span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
    }
    span.end();
  }

  /** The statement's first clause keyword (MATCH, MERGE, UNWIND, CALL...), upper-case. */
  static String operation(String cypher) {
    int start = 0;
    int length = cypher.length();
    while (start < length && !Character.isLetter(cypher.charAt(start))) {
      start++;
    }
    int end = start;
    while (end < length && Character.isLetter(cypher.charAt(end))) {
      end++;
    }
    return end == start ? "CYPHER" : cypher.substring(start, end).toUpperCase(Locale.ROOT);
  }
}
