package dev.engram.recall.recall;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.exchange;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What {@code ./engram demo} (launcher's {@code Demo}) stores and asks, through recall with the
 * service's default settings and the real model: the Lisbon memory answers "Where does Alice live?"
 * first, whatever order the documents reached the index in. It used to come after the dentist
 * memory because the recency and entity lists, which score every demo item alike, ranked them by
 * arrival.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class DemoRecallTest {

  private static final String AGENT = "demo-bot";
  private static final String CHAT = "demo:1";
  private static final String LISBON = "Alice lives in Lisbon; she moved there last month.";
  private static final String TEA = "Alice drinks green tea and never coffee.";

  @BeforeEach
  void emptyTenant() {
    index(reset("t1"));
  }

  @Test
  void theLisbonMemoryComesFirstInArrivalOrder() {
    store(demo(Instant.now()));
    assertEquals(LISBON, first("Where does Alice live?"));
    assertEquals(TEA, first("What does Alice like to drink?"));
  }

  @Test
  void theLisbonMemoryComesFirstInAnyArrivalOrder() {
    List<Map<String, Object>> docs = demo(Instant.now());
    Collections.reverse(docs);
    store(docs);
    assertEquals(LISBON, first("Where does Alice live?"));
    Collections.shuffle(docs, new java.util.Random(7));
    index(reset("t1"));
    store(docs);
    assertEquals(LISBON, first("Where does Alice live?"));
  }

  /** The demo's four turns (five minutes ago, 30 s apart) and three memories (now), in order. */
  static List<Map<String, Object>> demo(Instant now) {
    String[][] turns = {
      {"alice", "user", "Hi! I'm Alice. I moved to Lisbon last month."},
      {AGENT, "assistant", "Welcome to Lisbon, Alice! How are you settling in?"},
      {"alice", "user", "Great, but I still need a dentist near Alfama."},
      {AGENT, "assistant", "I'll keep that in mind and look for one with you."}
    };
    String[][] memories = {
      {"PROFILE", LISBON},
      {"PROFILE", TEA},
      {"KNOWLEDGE", "Alice is looking for a dentist near Alfama."}
    };
    Instant start = now.minus(5, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
    List<Map<String, Object>> docs = new ArrayList<>();
    for (int i = 0; i < turns.length; i++) {
      docs.add(
          with(
              exchange("t1", 100 + i, AGENT, CHAT, turns[i][2]),
              "speaker",
              turns[i][0],
              "role",
              turns[i][1],
              "created_at",
              start.plusSeconds(30L * i).toString()));
    }
    for (int i = 0; i < memories.length; i++) {
      docs.add(
          with(
              memory("t1", 200 + i, AGENT, CHAT, memories[i][1]),
              "category",
              memories[i][0],
              "created_at",
              now.plusMillis(i).toString()));
    }
    return docs;
  }

  private static void store(List<Map<String, Object>> docs) {
    for (Map<String, Object> doc : docs) { // one by one, so arrival order is index order
      index(upsert(doc));
    }
  }

  private static String first(String query) {
    return given()
        .contentType(ContentType.JSON)
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .body(Map.of("agent", AGENT, "chat", CHAT, "query", query, "k", 5))
        .when()
        .post("/v1/recall")
        .then()
        .statusCode(200)
        .extract()
        .path("items[0].text");
  }
}
