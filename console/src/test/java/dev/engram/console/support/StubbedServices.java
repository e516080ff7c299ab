package dev.engram.console.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Starts the {@link ServiceStub} and points the console's capture and recall URLs at it, and a stub
 * each for graph- and vault-service (their paths overlap capture's: vault's {@code /v1/audit}).
 */
public class StubbedServices implements QuarkusTestResourceLifecycleManager {

  private static ServiceStub stub;
  private static ServiceStub graph;
  private static ServiceStub vault;

  /** The stub of the running test application. */
  public static ServiceStub stub() {
    return stub;
  }

  /** The graph-service stub (reset by {@link #fresh}). */
  public static ServiceStub graph() {
    return graph;
  }

  /** The vault-service stub (reset by {@link #fresh}). */
  public static ServiceStub vault() {
    return vault;
  }

  /** The stub, having forgotten what earlier tests set and received. */
  public static ServiceStub fresh() {
    graph.reset();
    vault.reset();
    stub.reset();
    return stub;
  }

  @Override
  public Map<String, String> start() {
    try {
      stub = new ServiceStub();
      graph = new ServiceStub();
      vault = new ServiceStub();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    stub.reset();
    return Map.of(
        "engram.services.capture-url",
        stub.url(),
        "engram.services.recall-url",
        stub.url(),
        "engram.services.graph-url",
        graph.url(),
        "engram.services.vault-url",
        vault.url());
  }

  @Override
  public void stop() {
    if (stub != null) {
      stub.close();
    }
    if (graph != null) {
      graph.close();
      vault.close();
    }
  }
}
