package dev.engram.recall.context;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.EncodingType;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Context assembly end to end: memories through the index API, slots from the capture stub. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class ContextResourceTest {

  private static final String SLOTS =
      "{\"slots\":["
          + "{\"owner_type\":\"THREAD\",\"owner_id\":\"proj-x\",\"name\":\"thread_handoff\","
          + "\"content\":\"We stopped at the API design.\",\"tokens\":7,\"version\":2,"
          + "\"updated_at\":\"2026-05-08T13:00:00Z\"},"
          + "{\"owner_type\":\"AGENT\",\"owner_id\":\"bot1\",\"name\":\"working_memory\","
          + "\"content\":\"Drafting the release notes for v2.\",\"tokens\":8,\"version\":1,"
          + "\"updated_at\":\"2026-05-08T13:00:00Z\"}]}";

  @BeforeEach
  void memories() {
    index(reset("t1"));
    List<Map<String, Object>> ops = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      ops.add(
          upsert(
              with(
                  memory("t1", i, null, null, "Profile fact " + i + ": Alice likes sailing."),
                  "category",
                  "PROFILE",
                  "confidence",
                  0.5 + i / 100.0)));
    }
    for (int i = 101; i <= 140; i++) {
      ops.add(
          upsert(
              with(
                  memory("t1", i, "bot1", null, "Knowledge " + i + ": the deploy runs nightly."),
                  "confidence",
                  0.2 + (i - 100) / 100.0)));
    }
    ops.add(upsert(memory("t1", 500, null, null, "The office plant is a ficus named Fred.")));
    index(ops.toArray(Map[]::new));
    var slots = RecallTestResources.slots();
    slots.reset();
    slots.answer(r -> SLOTS);
  }

  @AfterEach
  void slotsBack() {
    RecallTestResources.slots().reset();
  }

  @Test
  void slotsThenIdentityEssentialRelevanceWithinTheBudget() {
    JsonPath json =
        context(Map.of("query", "What is the plant in the office called?"), 400)
            .statusCode(200)
            .body("encoding", equalTo("cl100k_base"))
            .body("budget_tokens", equalTo(400))
            .body("skipped", equalTo(List.of()))
            .extract()
            .jsonPath();
    assertEquals(
        List.of("working_memory", "thread_handoff", "identity", "essential", "relevance"),
        json.getList("sections.name"));
    assertEquals(List.of("slots", "slots", "L0", "L1", "L2"), json.getList("sections.layer"));
    String text = json.getString("text");
    int tokens = cl100k(text);
    assertEquals(tokens, json.getInt("tokens"), "reported = counted by jtokkit");
    assertTrue(tokens <= 400, tokens + " tokens");
    assertTrue(text.startsWith("These are my memories."), text);
    assertTrue(text.contains("state only what these memories say"), text);
    assertTrue(text.indexOf("## What I am working on") < text.indexOf("## Where this thread"));
    assertTrue(text.indexOf("## Where this thread") < text.indexOf("## Who I am"));
    assertTrue(text.indexOf("## Who I am") < text.indexOf("## What I know for certain"));
    assertTrue(text.contains("Drafting the release notes for v2."));
    assertTrue(text.contains("ficus named Fred"), "L2 recalls what the query asks for");

    Map<String, Object> identity = json.getMap("sections.find { it.name == 'identity' }");
    assertEquals(30, identity.get("candidates"));
    int selected = (Integer) identity.get("selected");
    assertEquals(30 - selected, identity.get("omitted"));
    assertTrue(selected > 0 && selected < 30, "the budget leaves some out: " + selected);
    assertTrue(text.contains("(+" + (30 - selected) + " memories omitted)"), text);
    List<Integer> ids = json.getList("sections.find { it.name == 'identity' }.items.id");
    assertEquals(30, ids.getFirst(), "highest confidence first");

    Map<String, Object> essential = json.getMap("sections.find { it.name == 'essential' }");
    assertEquals(41, essential.get("candidates"), "every non-PROFILE memory");

    var sent = RecallTestResources.slots().received().getLast();
    assertTrue(sent.query().contains("tenant=t1"), sent.query());
    assertTrue(sent.query().contains("agent=bot1"), sent.query());
    assertTrue(sent.query().contains("thread=proj-x"), sent.query());
    assertEquals("Bearer " + INTERNAL_KEY, sent.authorization());
  }

  @Test
  void withoutAQueryThereIsNoRelevanceLayer() {
    context(Map.of(), 2_000)
        .statusCode(200)
        .body("sections.find { it.name == 'relevance' }.candidates", equalTo(0))
        .body("sections.find { it.name == 'relevance' }.text", equalTo(""));
  }

  @Test
  void anUnreachableCaptureMeansNoSlotsAndSaysSo() {
    RecallTestResources.slots().status(503);
    context(Map.of("query", "plant"), 400)
        .statusCode(200)
        .body("skipped.source", hasItem("slots"))
        .body("skipped.find { it.source == 'slots' }.reason", containsString("503"))
        .body("sections.layer", equalTo(List.of("L0", "L1", "L2")))
        .body("text", containsString("## Who I am"));
  }

  @Test
  void slotsTurnsAndCanonicalAreAskedOfCaptureInOneRequest() {
    var parts = RecallTestResources.contextParts();
    parts.reset();
    RecallTestResources.recentTurns().reset();
    context(Map.of("chat", "telegram:1", "mode", "work", "recent_turns", 4), 2_000)
        .statusCode(200)
        .body("skipped", equalTo(List.of()))
        .body("text", containsString("We stopped at the API design."));
    assertEquals(1, parts.received().size(), "one request for the three parts");
    Map<String, String> sent = ServiceStub.query(parts.received().getLast().query());
    assertEquals(
        Map.of(
            "tenant", "t1",
            "agent", "bot1",
            "chat", "telegram:1",
            "session", "s-1",
            "thread", "proj-x",
            "limit", "4",
            "mode", "work"),
        sent);
    context(Map.of(), 2_000).statusCode(200).body("skipped", equalTo(List.of()));
    assertTrue(
        ServiceStub.query(parts.received().getLast().query()).keySet().stream()
            .noneMatch(k -> k.equals("limit") || k.equals("mode") || k.equals("chat")),
        "no chat: no turns asked");
  }

  @Test
  void aFailedCaptureRequestSkipsEachOfItsPartsAndSaysWhy() {
    var parts = RecallTestResources.contextParts();
    parts.status(503);
    try {
      JsonPath json =
          context(Map.of("chat", "telegram:1", "query", "plant"), 2_000)
              .statusCode(200)
              .extract()
              .jsonPath();
      List<String> sources = json.getList("skipped.source");
      assertEquals(List.of("recent_turns", "canonical", "slots"), sources, json.prettify());
      for (String reason : json.<String>getList("skipped.reason")) {
        assertEquals("capture-service answered 503", reason);
      }
      assertEquals(List.of("L0", "L1", "L2"), json.getList("sections.layer"));
    } finally {
      parts.reset();
    }
  }

  @Test
  void aCaptureWithoutTheOneRequestIsAskedPartByPart() {
    var parts = RecallTestResources.contextParts();
    parts.reset();
    parts.status(404);
    var canonical = RecallTestResources.canonical();
    canonical.reset();
    canonical.answer(
        r -> "{\"memories\":[{\"id\":101,\"category\":\"KNOWLEDGE\",\"text\":\"K\"}]}");
    try {
      JsonPath json =
          context(Map.of("chat", "telegram:1"), 2_000)
              .statusCode(200)
              .body("skipped", equalTo(List.of()))
              .body("text", containsString("We stopped at the API design."))
              .extract()
              .jsonPath();
      assertEquals(101, json.getInt("sections.find { it.name == 'identity' }.items[0].id"));
      assertEquals(1, parts.received().size());
      assertTrue(ServiceStub.query(canonical.received().getLast().query()).containsKey("agent"));
      assertTrue(
          ServiceStub.query(RecallTestResources.recentTurns().received().getLast().query())
              .containsKey("limit"),
          "the turns asked on their own");
    } finally {
      parts.reset();
      canonical.reset();
    }
  }

  @Test
  void badRequestsAreRefused() {
    context(Map.of(), 0).statusCode(400).body("errors.field", hasItem("budget_tokens"));
    Map<String, Object> body = new HashMap<>(Map.of("agent", "bot1", "budget_tokens", 10));
    body.put("colour", "red");
    post(AGENT_T1_KEY, body).statusCode(400).body("errors.rule", hasItem("unknown_field"));
    post(INTERNAL_KEY, Map.of("agent", "bot1", "budget_tokens", 10)).statusCode(403);
  }

  @Test
  void canonicalMemoriesOpenTheIdentityLayerInCapturesOrder() {
    var canonical = RecallTestResources.canonical();
    canonical.reset();
    canonical.answer(
        r ->
            "{\"memories\":[{\"id\":101,\"category\":\"KNOWLEDGE\",\"text\":\"Knowledge"
                + " 101\"},{\"id\":3,\"category\":\"PROFILE\",\"text\":\"Profile fact"
                + " 3\"},{\"id\":999,\"category\":\"PROFILE\",\"text\":\"not indexed\"}]}");
    try {
      JsonPath json =
          context(Map.of(), 2_000)
              .statusCode(200)
              .body("skipped", equalTo(List.of()))
              .extract()
              .jsonPath();
      List<Integer> ids = json.getList("sections.find { it.name == 'identity' }.items.id");
      // promoted first (a KNOWLEDGE one too), then PROFILE by confidence; 3 is not shown twice
      assertEquals(List.of(101, 3, 30, 29), ids.subList(0, 4));
      assertEquals(1, ids.stream().filter(id -> id == 3).count());
      assertEquals(31, json.getInt("sections.find { it.name == 'identity' }.candidates"));
      var sent = canonical.received().getLast();
      assertTrue(sent.query().contains("tenant=t1"), sent.query());
      assertTrue(sent.query().contains("agent=bot1"), sent.query());
    } finally {
      canonical.reset();
    }
  }

  @Test
  void withoutCanonicalMemoriesTheIdentityLayerIsByConfidenceAndSaysWhy() {
    var canonical = RecallTestResources.canonical();
    canonical.status(503);
    try {
      JsonPath json =
          context(Map.of(), 2_000)
              .statusCode(200)
              .body("skipped.source", hasItem("canonical"))
              .extract()
              .jsonPath();
      List<Integer> ids = json.getList("sections.find { it.name == 'identity' }.items.id");
      assertEquals(30, ids.getFirst());
    } finally {
      canonical.reset();
    }
  }

  @Test
  void contestedBeliefsAboutTheQueryAreMarkedUncertainAndSettledOnesLeftOut() {
    var facts = RecallTestResources.currentFacts();
    var beliefs = RecallTestResources.beliefs();
    facts.reset();
    beliefs.reset();
    facts.answer(
        r ->
            "{\"entities\":[],\"facts\":[],\"omitted\":0,\"took_ms\":1,\"beliefs\":["
                + "{\"id\":\"b-1\",\"statement\":\"Alice works at Initech\",\"strength\":0.1,"
                + "\"confidence\":0.8,\"evidence_count\":3,\"contradicting_evidence\":2,"
                + "\"contradicted\":true},"
                + "{\"id\":\"b-2\",\"statement\":\"Alice sails on Sundays\",\"strength\":0.95,"
                + "\"confidence\":0.9,\"evidence_count\":4,\"contradicting_evidence\":0,"
                + "\"contradicted\":false}]}");
    try {
      String text =
          context(Map.of("query", "Where does Alice work?"), 2_000)
              .statusCode(200)
              .extract()
              .jsonPath()
              .getString("text");
      int heading = text.indexOf(UncertainBeliefs.HEADING);
      assertTrue(heading >= 0, text);
      assertTrue(text.indexOf("Alice works at Initech", heading) > heading, text);
      assertTrue(
          !text.contains("Alice sails on Sundays"), "a settled belief is not a doubt: " + text);
      // one request to graph-service asked for the facts and the beliefs
      var sent = facts.received().getLast().body();
      assertEquals("t1", sent.get("tenant").asText());
      assertTrue(sent.get("text").asText().contains("Alice"), sent.toString());
      assertTrue(sent.get("beliefs_limit").asInt() > 0, sent.toString());
      assertEquals(List.of(), beliefs.received(), "no second request for the beliefs");
    } finally {
      facts.reset();
      beliefs.reset();
    }
  }

  /**
   * Issue 17: context for a mode asks the graph for that mode, so a roleplay fact or belief (which
   * graph-service gives only to a request of roleplay or of every mode) never reaches a work
   * context; without a mode, it does.
   */
  @Test
  void aRoleplayFactOrBeliefNeverReachesAWorkContext() {
    var facts = RecallTestResources.currentFacts();
    var beliefs = RecallTestResources.beliefs();
    facts.reset();
    beliefs.reset();
    facts.answer(
        r ->
            "work".equals(r.body().path("mode").textValue())
                ? "{\"entities\":[],\"facts\":[],\"omitted\":0,\"took_ms\":1,\"beliefs\":null}"
                : "{\"entities\":[{\"id\":\"e-1\",\"name\":\"Alice\"}],\"facts\":[{\"id\":77,"
                    + "\"subject\":{\"id\":\"e-1\",\"name\":\"Alice\"},\"predicate\":\"rides\","
                    + "\"object\":{\"id\":\"e-2\",\"name\":\"Dragonfire\"},\"valid_from\":null,"
                    + "\"valid_to\":null,\"confidence\":0.9,\"scope\":\"AGENT\",\"agent\":\"bot1\","
                    + "\"chat\":null}],\"omitted\":0,\"took_ms\":1,\"beliefs\":null}");
    // a graph-service from before beliefs came with the facts: they are asked for on their own
    beliefs.answer(
        r ->
            "work".equals(r.body().path("mode").textValue())
                ? "{\"beliefs\":[]}"
                : "{\"beliefs\":[{\"id\":\"b-9\",\"statement\":\"Alice is a dragon queen\","
                    + "\"strength\":0.5,\"confidence\":0.9,\"evidence_count\":2,"
                    + "\"contradicting_evidence\":1,\"contradicted\":false}]}");
    try {
      String work =
          context(Map.of("query", "What does Alice ride?", "mode", "work"), 2_000)
              .statusCode(200)
              .extract()
              .jsonPath()
              .getString("text");
      assertTrue(!work.contains("Dragonfire") && !work.contains("dragon queen"), work);
      assertEquals("work", facts.received().getLast().body().get("mode").asText());
      assertEquals("work", beliefs.received().getLast().body().get("mode").asText());
      String every =
          context(Map.of("query", "What does Alice ride?"), 2_000)
              .statusCode(200)
              .extract()
              .jsonPath()
              .getString("text");
      assertTrue(every.contains("Dragonfire") && every.contains("dragon queen"), every);
      assertTrue(facts.received().getLast().body().get("mode").isNull());
    } finally {
      facts.reset();
      beliefs.reset();
    }
  }

  private static ValidatableResponse context(Map<String, Object> extra, int budget) {
    Map<String, Object> body = new HashMap<>(extra);
    body.put("agent", "bot1");
    body.put("thread", "proj-x");
    body.put("session", "s-1");
    body.put("budget_tokens", budget);
    return post(AGENT_T1_KEY, body);
  }

  private static ValidatableResponse post(String key, Object body) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON)
        .body(body)
        .when()
        .post("/v1/context")
        .then();
  }

  private static int cl100k(String text) {
    return Encodings.newDefaultEncodingRegistry()
        .getEncoding(EncodingType.CL100K_BASE)
        .countTokensOrdinary(text);
  }
}
