package dev.engram.recall.contract;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.Contracts;
import dev.engram.contracts.index.DocKind;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import dev.engram.recall.context.BeliefSource;
import dev.engram.recall.context.FactSource;
import dev.engram.recall.recall.GraphNeighbours;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * recall-service calls graph-service and capture-service as docs/contracts says: its clients send
 * the fixture requests for the fixture's inputs, and read the fixture responses (neighbours,
 * current facts, slots, recent turns).
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class CalledContractsTest {

  @Inject GraphNeighbours graph;
  @Inject FactSource facts;

  @AfterEach
  void resetStubs() {
    RecallTestResources.graph().reset();
    RecallTestResources.slots().reset();
    RecallTestResources.recentTurns().reset();
    RecallTestResources.currentFacts().reset();
  }

  @Test
  void graphNeighbours() throws Exception {
    ServiceStub stub = RecallTestResources.graph();
    stub.reset();
    stub.answerWithFixture();
    List<GraphNeighbours.Item> items = null;
    for (String example : Contracts.examples("graph-neighbours", "request")) {
      JsonNode request = Contracts.json("graph-neighbours", example);
      List<GraphNeighbours.Item> answered =
          graph
              .neighbours(
                  new GraphNeighbours.Query(
                      request.get("tenant").asText(),
                      request.get("agent").asText(),
                      request.get("chat").textValue(),
                      request.get("query").asText(),
                      List.of(),
                      request.get("max_hops").asInt(),
                      request.get("limit").asInt(),
                      request.get("as_of").isNull()
                          ? null
                          : Instant.parse(request.get("as_of").asText()),
                      request.get("mode").textValue()))
              .get();
      Contracts.assertMatches(request, stub.received().getLast().body());
      items = items == null ? answered : items;
    }
    // recall keeps what the graph signals rank by: kind, id and score, best first, and the
    // centrality of the entity each item was reached from (via)
    JsonNode response = Contracts.json("graph-neighbours", "response.json");
    Map<String, Double> centrality = new LinkedHashMap<>();
    response
        .get("entities")
        .forEach(e -> centrality.put(e.get("name").asText(), e.get("centrality").asDouble()));
    List<GraphNeighbours.Item> expected = new ArrayList<>();
    for (JsonNode item : response.get("items")) {
      double best = 0;
      for (JsonNode via : item.get("via")) {
        best = Math.max(best, centrality.getOrDefault(via.asText(), 0.0));
      }
      expected.add(
          new GraphNeighbours.Item(
              DocKind.valueOf(item.get("kind").asText().toUpperCase()),
              item.get("id").asLong(),
              item.get("score").asDouble(),
              best));
    }
    assertTrue(expected.stream().anyMatch(i -> i.centrality() > 0), "the fixture has centrality");
    assertEquals(expected, items);
  }

  @Test
  void slotsForContext() {
    ServiceStub stub = RecallTestResources.slots();
    stub.reset();
    stub.answerWithFixture();
    JsonNode query = Contracts.json("slots", "request.json").get("query");
    // through context assembly, the production path; the tenant is the caller's key's (t1)
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("agent", query.get("agent").asText());
    body.put("chat", query.get("chat").asText());
    body.put("session", query.get("session").asText());
    body.put("thread", query.get("thread").asText());
    body.put("budget_tokens", 2000);
    String context = context(body).get("text").asText();
    assertEquals(queryOfT1(query), ServiceStub.query(stub.received().getLast().query()));
    // recall keeps each slot's owner, name and content; its context shows every content
    for (JsonNode slot : Contracts.json("slots", "response.json").get("slots")) {
      assertTrue(context.contains(slot.get("content").asText()), slot + " in " + context);
    }
  }

  @Test
  void contextPartsForContext() {
    ServiceStub stub = RecallTestResources.contextParts();
    stub.reset();
    stub.answerWithFixture();
    try {
      JsonNode query = Contracts.json("context-parts", "request.json").get("query");
      Map<String, Object> body = new LinkedHashMap<>();
      for (String field : List.of("agent", "chat", "session", "thread", "mode")) {
        body.put(field, query.get(field).asText());
      }
      body.put("recent_turns", query.get("limit").asInt());
      body.put("budget_tokens", 2000);
      JsonNode context = context(body);
      assertEquals(queryOfT1(query), ServiceStub.query(stub.received().getLast().query()));
      List<String> skipped = context.get("skipped").findValuesAsText("source");
      assertTrue(
          skipped.stream().noneMatch(List.of("slots", "recent_turns", "canonical")::contains),
          skipped.toString());
      JsonNode fixture = Contracts.json("context-parts", "response.json");
      String text = context.get("text").asText();
      for (JsonNode slot : fixture.get("slots")) {
        assertTrue(text.contains(slot.get("content").asText()), slot + " in " + text);
      }
      for (JsonNode turn : fixture.get("recent").get("turns")) {
        assertTrue(text.contains(turn.get("text").asText()), turn + " in " + text);
      }
    } finally {
      stub.reset();
    }
  }

  @Test
  void recentTurnsForContext() {
    ServiceStub stub = RecallTestResources.recentTurns();
    stub.reset();
    stub.answerWithFixture();
    JsonNode query = Contracts.json("recent-turns", "request.json").get("query");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("agent", query.get("agent").asText());
    body.put("chat", query.get("chat").asText());
    body.put("recent_turns", query.get("limit").asInt());
    body.put("mode", query.get("mode").asText());
    body.put("budget_tokens", 2000);
    JsonNode context = context(body);
    assertEquals(queryOfT1(query), ServiceStub.query(stub.received().getLast().query()));
    // every turn is shown, oldest first, by its id
    List<Long> ids = new ArrayList<>();
    for (JsonNode turn : Contracts.json("recent-turns", "response.json").get("turns")) {
      ids.add(turn.get("id").asLong());
      assertTrue(context.get("text").asText().contains(turn.get("text").asText()), turn.toString());
    }
    JsonNode section = null;
    for (JsonNode s : context.get("sections")) {
      section = "recent_turns".equals(s.get("name").asText()) ? s : section;
    }
    List<Long> shown = new ArrayList<>();
    section.get("items").forEach(i -> shown.add(i.get("id").asLong()));
    assertEquals(ids, shown);
  }

  @Test
  void currentFacts() throws Exception {
    ServiceStub stub = RecallTestResources.currentFacts();
    stub.reset();
    stub.answerWithFixture();
    FactSource.Facts answered = null;
    for (String example : Contracts.examples("graph-current-facts", "request")) {
      JsonNode request = Contracts.json("graph-current-facts", example);
      FactSource.Found got = facts.current(ask(request)).get();
      Contracts.assertMatches(request, stub.received().getLast().body());
      assertNull(got.beliefs(), "the fixture response.json answers no beliefs");
      answered = answered == null ? got.facts() : answered;
    }
    // recall keeps what a fact line shows: the names, the predicate and the validity
    List<FactSource.Fact> expected = new ArrayList<>();
    JsonNode response = Contracts.json("graph-current-facts", "response.json");
    for (JsonNode f : response.get("facts")) {
      expected.add(
          new FactSource.Fact(
              f.get("id").asLong(),
              f.at("/subject/name").asText(),
              f.get("predicate").asText(),
              f.at("/object/name").asText(),
              f.get("valid_from").isNull() ? null : Instant.parse(f.get("valid_from").asText()),
              f.get("valid_to").isNull() ? null : Instant.parse(f.get("valid_to").asText())));
    }
    assertEquals(new FactSource.Facts(expected, response.get("omitted").asLong()), answered);
  }

  @Test
  void beliefsComeWithTheFactsWhenAskedFor() throws Exception {
    ServiceStub stub = RecallTestResources.currentFacts();
    stub.reset();
    String answer = Contracts.text("graph-current-facts", "response-beliefs.json");
    stub.answer(received -> answer);
    JsonNode request = Contracts.json("graph-current-facts", "request-beliefs.json");
    FactSource.Found got = facts.current(ask(request)).get();
    Contracts.assertMatches(request, stub.received().getLast().body());
    // recall keeps what an uncertain-belief line shows: the statement, the truth value, the
    // evidence
    assertEquals(
        List.of(new BeliefSource.Belief("Alice lives in Porto", 1.0, 0.5, 1, 0, false)),
        got.beliefs());
    assertEquals(new FactSource.Facts(List.of(), 0), got.facts());
  }

  /** What a current-facts fixture request asks, as {@link FactSource.Ask}. */
  private static FactSource.Ask ask(JsonNode request) {
    List<String> entities = new ArrayList<>();
    request.get("entities").forEach(e -> entities.add(e.asText()));
    return new FactSource.Ask(
        request.get("tenant").asText(),
        request.get("agent").asText(),
        request.get("chat").textValue(),
        request.get("mode").textValue(),
        request.get("text").textValue(),
        entities,
        request.get("limit").asInt(),
        request.path("beliefs_limit").asInt(0));
  }

  /** The context answer for {@code body}, through the production path, as the key of t1. */
  private static JsonNode context(Map<String, Object> body) {
    return Contracts.parse(
        given()
            .header("Authorization", "Bearer test-agent-t1")
            .contentType(ContentType.JSON)
            .body(body)
            .post("/v1/context")
            .then()
            .statusCode(200)
            .extract()
            .asString());
  }

  /** The fixture's query parameters, for the caller's tenant t1. */
  private static Map<String, String> queryOfT1(JsonNode query) {
    Map<String, String> expected = new LinkedHashMap<>();
    query.fields().forEachRemaining(p -> expected.put(p.getKey(), p.getValue().asText()));
    expected.put("tenant", "t1");
    return expected;
  }
}
