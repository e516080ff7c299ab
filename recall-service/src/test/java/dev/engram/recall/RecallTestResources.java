package dev.engram.recall;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Stand-ins for graph-service's neighbours and current facts and capture-service's slots, recent
 * turns and canonical memories, started once per test JVM and shared by every @QuarkusTest of this
 * module (so the application starts once).
 */
public class RecallTestResources implements QuarkusTestResourceLifecycleManager {

  private static ServiceStub graph;
  private static ServiceStub slots;
  private static ServiceStub recentTurns;
  private static ServiceStub currentFacts;
  private static ServiceStub canonical;
  private static ServiceStub beliefs;

  public static synchronized ServiceStub graph() {
    return graph;
  }

  public static synchronized ServiceStub slots() {
    return slots;
  }

  /** capture-service's canonical memories, on the slots stand-in's port. */
  public static synchronized ServiceStub canonical() {
    return canonical;
  }

  /** capture-service's recent turns, on the slots stand-in's port. */
  public static synchronized ServiceStub recentTurns() {
    return recentTurns;
  }

  /** graph-service's current facts, on the neighbours stand-in's port. */
  public static synchronized ServiceStub currentFacts() {
    return currentFacts;
  }

  /** graph-service's beliefs about the entities in play, on the neighbours stand-in's port. */
  public static synchronized ServiceStub beliefs() {
    return beliefs;
  }

  @Override
  public synchronized Map<String, String> start() {
    try {
      if (graph == null) {
        graph =
            new ServiceStub(
                "/internal/v1/graph/neighbours", "{\"entities\":[],\"items\":[],\"took_ms\":1}");
        slots = new ServiceStub("/internal/v1/slots", "{\"slots\":[]}");
        recentTurns =
            new ServiceStub(
                slots, "/internal/v1/exchanges/recent", "{\"turns\":[],\"more\":false}");
        canonical = new ServiceStub(slots, "/internal/v1/canonical", "{\"memories\":[]}");
        currentFacts =
            new ServiceStub(
                graph,
                "/internal/v1/graph/facts/current",
                "{\"entities\":[],\"facts\":[],\"omitted\":0,\"took_ms\":1}");
        beliefs = new ServiceStub(graph, "/internal/v1/graph/beliefs/about", "{\"beliefs\":[]}");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(
        "engram.services.graph-url", graph.url(), "engram.services.capture-url", slots.url());
  }

  @Override
  public void stop() {
    // Shared by all test classes; the servers die with the JVM.
  }
}
