package dev.engram.capture;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A restart with the OpenTelemetry SDK on (it is off by default, and off for every other test):
 * spans go to the in-memory exporter {@link Spans} produces.
 */
public class TracingProfile implements QuarkusTestProfile {

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("quarkus.otel.sdk.disabled", "false");
  }
}
