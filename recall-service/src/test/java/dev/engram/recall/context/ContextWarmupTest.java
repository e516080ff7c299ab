package dev.engram.recall.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * The context warm-up runs the real clients for its own tenant only, and backs off while a remote
 * part is skipped instead of waiting out a deadline every round.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class ContextWarmupTest {

  @Inject ContextWarmup warmup;

  @Test
  void itAsksCaptureAndGraphForItsOwnTenantOnly() throws Exception {
    var parts = RecallTestResources.contextParts();
    var facts = RecallTestResources.currentFacts();
    parts.reset();
    facts.reset();
    for (int round = 0; round < 3; round++) {
      warmup.run(round);
    }
    assertFalse(parts.received().isEmpty(), "capture's context parts were asked");
    assertTrue(
        parts.received().stream().allMatch(r -> r.query().contains("tenant=engram-warm-up")),
        parts.received().toString());
    assertFalse(facts.received().isEmpty(), "graph's facts and beliefs were asked");
    facts.received().forEach(r -> assertEquals("engram-warm-up", r.body().get("tenant").asText()));
    assertTrue(facts.received().getLast().body().get("beliefs_limit").asInt() > 0);
  }

  @Test
  void aSkippedPartLeavesTheNextRoundsOut() throws Exception {
    var facts = RecallTestResources.currentFacts();
    facts.reset();
    facts.status(503);
    try {
      warmup.run(10);
      int asked = facts.received().size();
      assertTrue(asked > 0);
      for (int round = 11; round <= 14; round++) {
        warmup.run(round);
      }
      assertEquals(asked, facts.received().size(), "rounds 11 to 14 are left out");
      warmup.run(15);
      assertTrue(facts.received().size() > asked, "round 15 asks again");
    } finally {
      facts.reset();
    }
  }
}
