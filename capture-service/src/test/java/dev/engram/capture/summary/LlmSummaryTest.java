package dev.engram.capture.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.LlmStub;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * With the LLM extractor configured, the model writes the summaries over real HTTP (the in-test
 * OpenAI-compatible server); TextRank writes any summary whose answer is refused, fails or times
 * out, and the run still makes every summary.
 */
@QuarkusTest
@TestProfile(LlmSummariesProfile.class)
@QuarkusTestResource(CaptureTestResources.class)
class LlmSummaryTest {

  // 2026-01-05 is a Monday: two days in one closed week of a closed month.
  private static final String MON = "2026-01-05T09:00:";
  private static final String TUE = "2026-01-06T09:00:";

  private static final String MONDAY =
      "Alice plans a spring garden renovation with new soil and an oak fence.";
  private static final String TUESDAY =
      "Alice ordered oak fence panels and expects the soil delivery on Friday.";

  /** A model that reads its lines: Tuesday's own sentence for Tuesday, Monday's for the rest. */
  private static String grounded(JsonNode request) {
    boolean tuesday =
        request.path("messages").path(1).path("content").asText().contains("day 2026-01-06");
    return "{\"sentences\":[{\"speaker\":\"alice\",\"text\":\""
        + (tuesday ? TUESDAY : MONDAY)
        + "\"},{\"speaker\":null,\"text\":\"Thanks, sounds great!\"}]}";
  }

  private LlmStub llm;

  @BeforeEach
  void reset() {
    llm = CaptureTestResources.llm();
    llm.reset();
  }

  @AfterEach
  void up() {
    llm.reset();
  }

  /** Summary requests get {@code summary}; extraction requests an empty list. */
  private void model(Function<JsonNode, String> summary) {
    llm.answer(
        request ->
            SummaryCheck.SCHEMA_NAME.equals(
                    request.path("response_format").path("json_schema").path("name").asText())
                ? summary.apply(request)
                : "{\"memories\":[]}");
  }

  private static Turns garden(String agent, String chat) {
    return new Turns(agent, chat)
        .user("alice", "We are planning the garden renovation for the spring season.", MON + "00Z")
        .user("alice", "The garden renovation needs new soil and a new oak fence.", MON + "10Z")
        .user("alice", "My cousin Bob called about his cat yesterday evening.", MON + "20Z")
        .user("alice", "I ordered the oak fence panels from the garden shop.", TUE + "00Z")
        .user("alice", "The soil delivery for the garden arrives on Friday morning.", TUE + "10Z");
  }

  @Test
  void theModelWritesGroundedSummaries() {
    String agent = Api.unique("bot");
    String chat = Api.unique("llm");
    model(LlmSummaryTest::grounded);
    garden(agent, chat).post(TestKeys.AGENT);
    new Turns(agent, chat).reflect();

    List<Object[]> rows = summaries(agent, chat);
    assertEquals(
        List.of("day", "day", "week", "month"),
        rows.stream().map(r -> r[0]).toList(),
        "two days, their week and its month");
    for (Object[] row : rows) {
      String text = (String) row[1];
      assertEquals("llm:stub-model", row[2], text);
      assertFalse(text.contains("sounds great"), "the quality gate drops the pleasantry");
    }
    assertTrue(((String) rows.get(0)[1]).endsWith("\nalice: " + MONDAY), (String) rows.get(0)[1]);
    assertTrue(((String) rows.get(1)[1]).endsWith("\nalice: " + TUESDAY), (String) rows.get(1)[1]);
    assertTrue(((String) rows.get(2)[1]).endsWith("\nalice: " + MONDAY), (String) rows.get(2)[1]);
    JsonNode request = summaryRequests().getFirst();
    assertEquals("stub-model", request.path("model").asText());
    String lines = request.path("messages").path(1).path("content").asText();
    assertTrue(lines.contains("alice: We are planning the garden renovation"), lines);
    assertTrue(request.path("messages").path(0).path("content").asText().contains("at most 2"));
  }

  @Test
  void anUngroundedAnswerFallsBackToTextRank() {
    String agent = Api.unique("bot");
    String chat = Api.unique("llm");
    model(
        request ->
            "{\"sentences\":[{\"speaker\":\"alice\",\"text\":\"Alice won the lottery and bought a"
                + " yacht in Monaco.\"}]}");
    garden(agent, chat).post(TestKeys.AGENT);
    new Turns(agent, chat).reflect();

    assertTextRankWroteAll(agent, chat);
    assertFalse(summaryRequests().isEmpty(), "the model was asked");
  }

  @Test
  void aModelThatIsDownOrTooSlowFallsBackToTextRank() {
    String agent = Api.unique("bot");
    String chat = Api.unique("llm");
    llm.down(true);
    garden(agent, chat).post(TestKeys.AGENT);
    new Turns(agent, chat).reflect();
    assertTextRankWroteAll(agent, chat);

    llm.down(false);
    String slowChat = Api.unique("llm");
    model(
        request -> {
          try {
            Thread.sleep(3_000); // past the profile's 2 s timeout
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return grounded(request);
        });
    garden(agent, slowChat).post(TestKeys.AGENT);
    new Turns(agent, slowChat).reflect();
    assertTextRankWroteAll(agent, slowChat);
  }

  private void assertTextRankWroteAll(String agent, String chat) {
    List<Object[]> rows = summaries(agent, chat);
    assertEquals(4, rows.size(), "every summary is still written");
    for (Object[] row : rows) {
      assertEquals("textrank", row[2], (String) row[1]);
      assertFalse(((String) row[1]).contains("lottery"), (String) row[1]);
    }
    assertTrue(((String) rows.getFirst()[1]).contains("alice: "), (String) rows.getFirst()[1]);
  }

  private List<JsonNode> summaryRequests() {
    List<JsonNode> found = new ArrayList<>();
    for (JsonNode r : llm.requests()) {
      if (SummaryCheck.SCHEMA_NAME.equals(
          r.path("response_format").path("json_schema").path("name").asText())) {
        found.add(r);
      }
    }
    return found;
  }

  /** The chat's ACTIVE summaries, finest first: level, text, extractor. */
  private static List<Object[]> summaries(String agent, String chat) {
    return Db.rows(
        "select metadata ->> 'level', text, provenance ->> 'extractor' from memories where agent"
            + " = ?1 and chat = ?2 and category = 'SUMMARY' and status = 'ACTIVE' order by id",
        agent,
        chat);
  }
}
