package dev.engram.capture.summary;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** A restart with shorter summaries; on explicitly, so these tests hold whatever the default. */
public class SummariesOnProfile implements QuarkusTestProfile {

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "engram.capture.reflector.summaries.enabled", "true",
        "engram.capture.reflector.summaries.day-sentences", "2",
        "engram.capture.reflector.summaries.week-sentences", "3");
  }
}
