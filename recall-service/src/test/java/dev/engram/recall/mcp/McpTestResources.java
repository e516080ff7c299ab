package dev.engram.recall.mcp;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The capture-service and graph-service stand-ins behind the MCP tools, started once per test JVM.
 * Like every test resource of this module it applies to all test classes, so the application still
 * starts once.
 */
public class McpTestResources implements QuarkusTestResourceLifecycleManager {

  private static CaptureStandIn capture;
  private static CaptureApiStandIn captureApi;
  private static GraphStandIn graph;
  private static SessionsStandIn sessions;
  private static TurnsStandIn turns;

  /** capture's exchanges and promotions, graph's beliefs (the whole-turn tools). */
  static synchronized TurnsStandIn turns() {
    return turns;
  }

  static synchronized CaptureStandIn capture() {
    return capture;
  }

  static synchronized CaptureApiStandIn captureApi() {
    return captureApi;
  }

  static synchronized GraphStandIn graph() {
    return graph;
  }

  /** capture-service's session API (also for the REST session start's tests). */
  public static synchronized SessionsStandIn sessions() {
    return sessions;
  }

  @Override
  public synchronized Map<String, String> start() {
    try {
      if (capture == null) {
        capture = new CaptureStandIn();
        captureApi = new CaptureApiStandIn(capture);
        graph = new GraphStandIn();
        sessions = new SessionsStandIn(capture);
        turns = new TurnsStandIn(capture, graph);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(
        "quarkus.rest-client.capture.url",
        capture.url(),
        "quarkus.rest-client.graph-api.url",
        graph.url());
  }

  @Override
  public void stop() {
    // Shared by all test classes; the server dies with the JVM.
  }
}
