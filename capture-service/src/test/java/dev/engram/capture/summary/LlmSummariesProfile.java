package dev.engram.capture.summary;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A restart with the LLM extractor pointed at the in-test model ({@code LlmStub}), so summaries are
 * written by the model; a short timeout so the timeout fallback is quick to test.
 */
public class LlmSummariesProfile implements QuarkusTestProfile {

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "engram.capture.reflector.extractor", "llm",
        "engram.capture.reflector.llm.base-url", "${engram.test.llm-url}",
        "engram.capture.reflector.llm.model", "stub-model",
        "engram.capture.reflector.llm.timeout", "2s",
        "engram.capture.reflector.summaries.day-sentences", "2",
        "engram.capture.reflector.summaries.week-sentences", "2");
  }
}
