package dev.engram.console.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** Starts the {@link ServiceStub} and points the console's capture and recall URLs at it. */
public class StubbedServices implements QuarkusTestResourceLifecycleManager {

  private static ServiceStub stub;

  /** The stub of the running test application. */
  public static ServiceStub stub() {
    return stub;
  }

  /** The stub, having forgotten what earlier tests set and received. */
  public static ServiceStub fresh() {
    stub.reset();
    return stub;
  }

  @Override
  public Map<String, String> start() {
    try {
      stub = new ServiceStub();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    stub.reset();
    return Map.of(
        "engram.services.capture-url", stub.url(), "engram.services.recall-url", stub.url());
  }

  @Override
  public void stop() {
    if (stub != null) {
      stub.close();
    }
  }
}
