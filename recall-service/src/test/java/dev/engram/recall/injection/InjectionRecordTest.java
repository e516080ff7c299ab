package dev.engram.recall.injection;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: a context answer leaves its injection record on the queue (the flusher is off in tests:
 * the test drains it), with the same counts the answer reports and what each section showed.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class InjectionRecordTest {

  @Inject InjectionLog log;

  @BeforeEach
  void memories() {
    index(reset("t1"));
    index(
        upsert(memory("t1", 801, "bot1", null, "Alice drinks green tea every morning.")),
        upsert(memory("t1", 802, "bot1", null, "The team standup is at ten.")));
    RecallTestResources.slots().reset();
    RecallTestResources.slots().answer(r -> "{\"slots\":[]}");
    log.drain(Integer.MAX_VALUE);
  }

  @AfterEach
  void slotsBack() {
    RecallTestResources.slots().reset();
  }

  private static JsonPath context(Map<String, Object> body) {
    return given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(body)
        .post("/v1/context")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }

  @Test
  void aContextAnswerLeavesARecordOfWhatItGave() {
    JsonPath answer =
        context(
            Map.of(
                "agent", "bot1",
                "chat", "c-1",
                "thread", "t-9",
                "query", "what does alice drink?",
                "budget_tokens", 600));
    List<InjectionRecord> told = log.drain(Integer.MAX_VALUE);
    assertEquals(1, told.size());
    InjectionRecord r = told.getFirst();
    assertEquals("t1", r.tenant());
    assertEquals("bot1", r.agent());
    assertEquals("c-1", r.chat());
    assertEquals("t-9", r.thread());
    assertEquals(InjectionRecord.CONTEXT, r.kind());
    assertEquals("what does alice drink?", r.query());
    assertEquals(600, r.budgetTokens());
    assertEquals(answer.getInt("tokens"), r.tokens());
    int selected = answer.<Integer>getList("sections.selected").stream().mapToInt(i -> i).sum();
    assertEquals(selected, r.selected());
    assertEquals(
        answer.getList("sections.name"), r.sections().stream().map(s -> s.name()).toList());
    InjectionRecord.Shown tea =
        r.sections().stream()
            .flatMap(s -> s.items().stream())
            .filter(i -> i.ref().equals("memory:801"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(r.toString()));
    assertTrue(tea.text().contains("green tea"), tea.text());
    assertTrue(
        r.sections().stream()
            .flatMap(s -> s.items().stream())
            .filter(i -> i.score() != null)
            .allMatch(i -> !i.signals().isEmpty()),
        "a recall hit says which signals found it: " + r);
    assertNotNull(r.createdAt());
  }

  @Test
  void aLongQueryAndLongLinesAreCut() {
    context(Map.of("agent", "bot1", "query", "tea ".repeat(300), "budget_tokens", 600));
    InjectionRecord r = log.drain(Integer.MAX_VALUE).getFirst();
    assertEquals(500, r.query().length());
  }
}
