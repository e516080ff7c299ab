package dev.engram.recall.usage;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 17 over REST: recall and context for a mode never show another mode's memories, and both
 * record what they surfaced (the flusher is off in tests: the test drains the log itself).
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class ModesAndUsageTest {

  private static final long DRAGON = 901;
  private static final long REPORT = 902;
  private static final long COINS = 903;

  @Inject SurfacedLog log;

  @BeforeEach
  void memories() {
    index(reset("t1"));
    index(
        upsert(
            with(
                memory("t1", DRAGON, "bot1", null, "The dragon hoards gold in the mountain."),
                "mode",
                "roleplay")),
        upsert(
            with(
                memory("t1", REPORT, "bot1", null, "The gold tier report is due on Friday."),
                "mode",
                "work")),
        upsert(memory("t1", COINS, "bot1", null, "Alice collects gold coins.")));
    RecallTestResources.slots().reset();
    RecallTestResources.slots().answer(r -> "{\"slots\":[]}");
    log.drain(Integer.MAX_VALUE);
  }

  @AfterEach
  void slotsBack() {
    RecallTestResources.slots().reset();
  }

  private static ValidatableResponse post(String path, Map<String, Object> body) {
    return given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(body)
        .post(path)
        .then();
  }

  private static Set<Long> recalled(String mode) {
    Map<String, Object> body = new HashMap<>(Map.of("agent", "bot1", "query", "gold", "k", 10));
    if (mode != null) {
      body.put("mode", mode);
    }
    List<Number> ids =
        post("/v1/recall", body).statusCode(200).extract().jsonPath().getList("items.id");
    return ids.stream().map(Number::longValue).collect(Collectors.toSet());
  }

  private static String context(String mode) {
    Map<String, Object> body =
        new HashMap<>(Map.of("agent", "bot1", "query", "gold", "budget_tokens", 2000));
    if (mode != null) {
      body.put("mode", mode);
    }
    return post("/v1/context", body).statusCode(200).extract().jsonPath().getString("text");
  }

  @Test
  void aRecallForAModeSeesThatModeAndUntaggedMemoriesOnly() {
    assertEquals(Set.of(DRAGON, REPORT, COINS), recalled(null), "no mode: every mode");
    assertEquals(Set.of(REPORT, COINS), recalled("work"));
    assertEquals(Set.of(DRAGON, COINS), recalled("roleplay"));
    assertEquals(Set.of(COINS), recalled("personal"));
    post("/v1/recall", Map.of("agent", "bot1", "query", "gold", "mode", "Work!")).statusCode(400);
  }

  @Test
  void aContextForAModeNeverShowsAnotherModesMemories() {
    String work = context("work");
    assertFalse(work.contains("dragon"), work);
    assertTrue(work.contains("gold tier report"), work);
    assertTrue(work.contains("gold coins"), work);
    String roleplay = context("roleplay");
    assertTrue(roleplay.contains("dragon"), roleplay);
    assertFalse(roleplay.contains("gold tier report"), roleplay);
    assertTrue(context(null).contains("dragon"), "no mode: every mode");
  }

  @Test
  void recallAndContextRecordWhatTheySurfaced() {
    recalled("work");
    Map<Long, SurfacedLog.Sum> recall = byId(log.drain(Integer.MAX_VALUE));
    assertEquals(Set.of(REPORT, COINS), recall.keySet());
    assertEquals("t1", recall.get(COINS).tenant());
    assertEquals(1, recall.get(COINS).times());
    assertNotNull(recall.get(COINS).lastSurfaced());
    assertNull(recall.get(COINS).lastUsed(), "a recall surfaces; only context uses");

    context("work");
    recalled(null);
    Map<Long, SurfacedLog.Sum> both = byId(log.drain(Integer.MAX_VALUE));
    assertEquals(2, both.get(COINS).times(), "context and recall, summed");
    assertNotNull(both.get(COINS).lastUsed(), "the context pack gave it to the agent");
    assertEquals(1, both.get(DRAGON).times(), "only the recall without a mode saw it");
    assertNull(both.get(DRAGON).lastUsed());
  }

  private static Map<Long, SurfacedLog.Sum> byId(List<SurfacedLog.Sum> sums) {
    return sums.stream().collect(Collectors.toMap(SurfacedLog.Sum::id, s -> s));
  }
}
