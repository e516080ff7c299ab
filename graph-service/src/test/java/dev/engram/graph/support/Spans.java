package dev.engram.graph.support;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The in-memory span exporter the tracing tests read; used only while the SDK is on. */
public class Spans {

  @Produces
  @Singleton
  InMemorySpanExporter exporter() {
    return InMemorySpanExporter.create();
  }
}
