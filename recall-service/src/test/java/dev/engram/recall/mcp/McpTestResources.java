package dev.engram.recall.mcp;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The capture-service stand-in behind the MCP tools, started once per test JVM. Like every test
 * resource of this module it applies to all test classes, so the application still starts once.
 */
public class McpTestResources implements QuarkusTestResourceLifecycleManager {

  private static CaptureStandIn capture;

  static synchronized CaptureStandIn capture() {
    return capture;
  }

  @Override
  public synchronized Map<String, String> start() {
    try {
      if (capture == null) {
        capture = new CaptureStandIn();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of("quarkus.rest-client.capture.url", capture.url());
  }

  @Override
  public void stop() {
    // Shared by all test classes; the server dies with the JVM.
  }
}
