package dev.engram.recall.context;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A long-horizon question gets the chat's summaries, the coarsest first, in a history section; any
 * other question does not, and summaries never crowd L1 essential.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class ContextSummariesTest {

  private static final String CHAT = "telegram:17";

  @BeforeEach
  void summaries() {
    index(reset("t1"));
    index(
        upsert(memory("t1", 1, "bot1", CHAT, "The team meets on Mondays")),
        upsert(summary(11, "day", "2026-03-02", "Summary of the day 2026-03-02: soil ordered")),
        upsert(summary(12, "day", "2026-03-03", "Summary of the day 2026-03-03: fence built")),
        upsert(summary(21, "week", "2026-03-02", "Summary of the week of 2026-03-02: garden")),
        upsert(summary(31, "month", "2026-02-01", "Summary of the month 2026-02: planning")),
        upsert(summary(32, "month", "2026-03-01", "Summary of the month 2026-03: renovation")));
    List.of(RecallTestResources.slots(), RecallTestResources.recentTurns())
        .forEach(ServiceStub::reset);
  }

  @Test
  void aLongHorizonQuestionGetsTheCoarsestSummariesFirst() {
    JsonPath roomy = context("How has the garden project gone over the last few months?", 4000);
    List<Integer> ids = roomy.getList("sections.find { it.name == 'history' }.items.id");
    assertEquals(List.of(32, 31, 21, 12, 11), ids, "months, then weeks, then days; newest first");
    String text = roomy.getString("text");
    assertTrue(text.contains(SummarySource.HEADING), text);
    assertTrue(text.indexOf("month 2026-03") < text.indexOf("week of 2026-03-02"), text);

    // A small budget keeps the coarse ones and drops the detail.
    JsonPath tight = context("Give me a recap of the garden project so far", 180);
    List<Integer> few = tight.getList("sections.find { it.name == 'history' }.items.id");
    assertFalse(few.isEmpty());
    assertEquals(32, few.getFirst());
    assertTrue(few.size() < 5, "detail dropped: " + few);
    assertTrue(tight.getInt("tokens") <= 180);
  }

  @Test
  void anyOtherQuestionGetsNoHistoryAndSummariesStayOutOfEssential() {
    JsonPath plain = context("When does the team meet?", 4000);
    assertNull(plain.getMap("sections.find { it.name == 'history' }"));
    List<Integer> essential = plain.getList("sections.find { it.name == 'essential' }.items.id");
    assertEquals(List.of(1), essential);
  }

  @Test
  void longHorizonCues() {
    assertTrue(SummarySource.longHorizon("What did we do over the last months?"));
    assertTrue(SummarySource.longHorizon("Overall, how is Alice doing?"));
    assertTrue(SummarySource.longHorizon("What is the history of the project?"));
    assertTrue(SummarySource.longHorizon("How has her job changed since we first met?"));
    assertTrue(SummarySource.longHorizon("Summarize the past 3 weeks"));
    assertFalse(SummarySource.longHorizon("What did Alice eat on 2 March?"));
    assertFalse(SummarySource.longHorizon("Where does Bob live?"));
    assertFalse(SummarySource.longHorizon(null));
  }

  private static Map<String, Object> summary(long id, String level, String start, String text) {
    return with(
        memory("t1", id, "bot1", CHAT, text),
        "category",
        "SUMMARY",
        "confidence",
        0.6,
        "source",
        "summary",
        "metadata",
        Map.of("level", level, "period_start", start, "chat", CHAT));
  }

  private static JsonPath context(String query, int budget) {
    return given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(
            Map.of(
                "agent",
                "bot1",
                "chat",
                CHAT,
                "query",
                query,
                "budget_tokens",
                budget,
                "recent_turns",
                0))
        .post("/v1/context")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }
}
