package dev.engram.capture;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A restart with settings other tests must not see: the Reflector uses the LLM extractor (pointed
 * at the {@link LlmStub}) and the tenant capacity is small. Tests under it write and reflect only
 * as tenant initech ({@link TestKeys#ISOLATED}), so the low limit never archives another test's
 * memories. Summaries are off here: these tests count the model's requests and the tenant's
 * memories, which a summary of a closed day would add to (LlmSummaryTest covers LLM summaries).
 */
public class IsolatedTenantProfile implements QuarkusTestProfile {

  /** ACTIVE memories tenant initech may keep. */
  public static final int MAX_PER_TENANT = 8;

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "engram.capture.reflector.extractor", "llm",
        "engram.capture.reflector.llm.base-url", "${engram.test.llm-url}",
        "engram.capture.reflector.llm.model", "stub-model",
        "engram.capture.reflector.llm.api-key", "sk-test",
        "engram.capture.reflector.llm.timeout", "10s",
        "engram.capture.lifecycle.max-per-tenant", Integer.toString(MAX_PER_TENANT),
        "engram.capture.reflector.summaries.enabled", "false");
  }
}
