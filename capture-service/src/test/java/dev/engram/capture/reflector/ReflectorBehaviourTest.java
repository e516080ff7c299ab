package dev.engram.capture.reflector;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.RecallStub;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import dev.engram.capture.client.SimilarMemories;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Reflector's cursor, dedup, corrections, lifecycle and run records. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ReflectorBehaviourTest {

  @Inject SimilarMemories similar;

  private RecallStub recall;

  @BeforeEach
  void stubs() {
    recall = CaptureTestResources.recall();
    recall.reset();
    similar.resume();
  }

  @AfterEach
  void noTrigger() {
    Db.execute("drop trigger if exists crash_on_insert on memories");
    recall.reset();
    similar.resume();
  }

  private static long memory(
      String agent, String chat, String text, double confidence, String source) {
    return Api.as(TestKeys.AGENT)
        .body(
            "{\"agent\":\"%s\",\"chat\":\"%s\",\"text\":\"%s\",\"confidence\":%s,\"source\":\"%s\"}"
                .formatted(agent, chat, text, confidence, source))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private static long count(String agent, String text) {
    return Db.count("select count(*) from memories where agent = ?1 and text = ?2", agent, text);
  }

  @Test
  void aCrashMidRunNeitherLosesNorDuplicatesWork() {
    Db.execute(
        "create or replace function crash_on_insert() returns trigger language plpgsql as $$"
            + " begin if new.text like '%CRASH%' then raise exception 'simulated crash'; end if;"
            + " return new; end $$");
    Db.execute(
        "create trigger crash_on_insert before insert on memories for each row execute function"
            + " crash_on_insert()");
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    Turns turns = new Turns(agent, chat);
    String[] said = {
      "I live in Lisbon.", "I love jazz.", "I work at Acme Corp.", "I have a dog named Rex.",
      "I love CRASHball.", "I love chess.", "My favourite drink is tea.", "I'm 41 years old."
    };
    for (int i = 0; i < said.length; i++) {
      turns.user("alice", said[i], "2026-04-01T10:0" + i + ":00Z");
    }
    turns.post(TestKeys.AGENT);

    JsonPath crashed = turns.reflect();
    assertEquals("PARTIAL", crashed.getString("status"));
    assertEquals(1, crashed.getInt("failed_batches"));
    assertEquals(4, crashed.getInt("exchanges_read"), "the first batch (4 turns) committed");
    assertTrue(crashed.getString("error").contains("simulated crash"));
    assertEquals(1, count(agent, "alice has a dog named Rex"));
    assertEquals(0, count(agent, "alice likes chess"), "the failed batch left nothing behind");
    assertEquals(4, Db.count("select count(*) from reflector_inbox where chat = ?1", chat));
    assertEquals(4, Db.count("select exchanges_read from reflector_cursors where chat = ?1", chat));

    Db.execute("drop trigger crash_on_insert on memories");
    JsonPath resumed = turns.reflect();
    assertEquals("SUCCEEDED", resumed.getString("status"));
    assertEquals(4, resumed.getInt("exchanges_read"), "only what was left");
    for (String text :
        List.of(
            "alice lives in Lisbon",
            "alice likes jazz",
            "alice works at Acme Corp",
            "alice has a dog named Rex",
            "alice likes CRASHball",
            "alice likes chess",
            "alice's favourite drink is tea",
            "alice is 41 years old")) {
      assertEquals(1, count(agent, text), text);
    }
    assertEquals(0, Db.count("select count(*) from reflector_inbox where chat = ?1", chat));
  }

  @Test
  void aSemanticRepeatTouchesTheExistingMemoryInsteadOfInsertingOne() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long existing =
        memory(agent, chat, "The team chose PostgreSQL as the system of record", 0.6, "api");
    recall.answerSimilar(
        request ->
            request.path("text").asText().contains("Postgres")
                ? "{\"items\":[{\"id\":%d,\"kind\":\"memory\",\"score\":0.95,\"text\":\"x\"}]}"
                    .formatted(existing)
                : "{\"items\":[]}");
    JsonPath stored =
        new Turns(agent, chat)
            .user("alice", "We decided to use Postgres for the record.", "2026-04-02T09:00:00Z")
            .post(TestKeys.AGENT);
    long exchange = stored.getLong("items[0].id");
    JsonPath run = new Turns(agent, chat).reflect();
    assertEquals(1, run.getInt("touched"));
    assertEquals(0, run.getInt("inserted"));
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + existing)
        .then()
        .body("confidence", equalTo(0.85f))
        .body("provenance.exchange_ids", equalTo(List.of((int) exchange)));
    JsonNode request = recall.similarRequests().getLast();
    assertEquals("acme", request.path("tenant").asText());
    assertEquals(agent, request.path("agent").asText());
    assertEquals(chat, request.path("chat").asText());
    assertEquals("memory", request.path("kinds").path(0).asText());
    assertTrue(request.path("k").asInt() > 0 && request.has("min_score"));
  }

  @Test
  void lexicalDedupIsTheFallbackWhenRecallCannotAnswer() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long existing = memory(agent, chat, "we decided to move the standup to 10am", 0.5, "api");
    recall.similarDown(true);
    Turns turns = new Turns(agent, chat);
    turns
        .user("alice", "We decided to move the standup to 10am.", "2026-04-03T09:00:00Z")
        .post(TestKeys.AGENT);
    JsonPath down = turns.reflect();
    assertEquals(1, down.getInt("touched"), "lexical: the same words");
    assertEquals(
        1,
        Db.count("select count(*) from memories where agent = ?1 and category <> 'SUMMARY'", agent),
        "no new memory (the day's summary is not one the Reflector extracted)");
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + existing)
        .then()
        .body("confidence", equalTo(0.85f));

    // With recall answering (and finding nothing), lexical dedup does not run.
    recall.similarDown(false);
    similar.resume();
    new Turns(agent, chat)
        .user("alice", "We decided to move the standup to 10am!", "2026-04-03T09:10:00Z")
        .post(TestKeys.AGENT);
    JsonPath up = new Turns(agent, chat).reflect();
    assertEquals(1, up.getInt("inserted"));
  }

  @Test
  void aCorrectionSupersedesWhatItCorrects() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    new Turns(agent, chat)
        .user("alice", "The project deadline is March 20.", "2026-03-10T09:00:00Z")
        .user("alice", "No, the project deadline is March 27.", "2026-03-10T09:05:00Z")
        .post(TestKeys.AGENT);
    JsonPath run = new Turns(agent, chat).reflect();
    assertEquals(1, run.getInt("superseded"));
    long old =
        Db.count("select id from memories where agent = ?1 and text like '%2026-03-20%'", agent);
    long fresh =
        Db.count("select id from memories where agent = ?1 and text like '%2026-03-27%'", agent);
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + old)
        .then()
        .body("status", equalTo("SUPERSEDED"))
        .body("superseded_by", equalTo((int) fresh));
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + fresh)
        .then()
        .body("supersedes", equalTo((int) old));
  }

  @Test
  void unseenMemoriesDecayAndCapacityArchivesTheLeastConfidentFirst() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long fading = memory(agent, chat, "alice collects stamps", 0.8, "reflector");
    long gone = memory(agent, chat, "alice owns a red bicycle", 0.8, "reflector");
    long manual = memory(agent, chat, "alice was told by hand", 0.8, "api");
    Db.execute(
        "update memories set last_seen_at = now() - interval '120 days' where id in ("
            + fading
            + ","
            + manual
            + ")");
    Db.execute("update memories set last_seen_at = now() - interval '400 days' where id = " + gone);

    String crowded = Api.unique("chat");
    List<Long> weakest = new java.util.ArrayList<>();
    for (int i = 0; i < 33; i++) {
      long id = memory(agent, crowded, "note number " + i, i < 3 ? 0.1 + i / 100.0 : 0.7, "api");
      if (i < 3) {
        weakest.add(id);
      }
    }
    String busyAgent = Api.unique("bot");
    for (int c = 0; c < 2; c++) {
      for (int i = 0; i < 26; i++) {
        memory(busyAgent, "chat-" + c, "fact " + c + "." + i, c == 0 && i < 2 ? 0.05 : 0.6, "api");
      }
    }

    JsonPath run = new Turns(agent, chat).reflect();
    assertTrue(run.getInt("decayed") >= 2);
    assertTrue(run.getInt("archived") >= 6);
    JsonPath faded =
        Api.as(TestKeys.AGENT).get("/v1/memories/" + fading).then().extract().jsonPath();
    assertEquals("ACTIVE", faded.getString("status"));
    assertEquals(0.4, faded.getDouble("confidence"), 0.01, "90 days past the grace: halved");
    new Turns(agent, chat).reflect();
    assertEquals(
        1,
        Db.count(
            "select count(*) from audit_log where target_type = 'memory' and target_id = ?1"
                + " and operation = 'memory.decay'",
            Long.toString(fading)),
        "no new decay write for a sliver of confidence at the next run");
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + gone)
        .then()
        .body("status", equalTo("ARCHIVED"))
        .body("status_reason", containsString("decayed"));
    Api.as(TestKeys.AGENT).get("/v1/memories/" + manual).then().body("confidence", equalTo(0.8f));
    for (long id : weakest) {
      Api.as(TestKeys.AGENT)
          .get("/v1/memories/" + id)
          .then()
          .body("status", equalTo("ARCHIVED"))
          .body("status_reason", containsString("per chat"));
    }
    assertEquals(
        30,
        Db.count("select count(*) from memories where chat = ?1 and status = 'ACTIVE'", crowded));
    assertEquals(
        2,
        Db.count(
            "select count(*) from memories where agent = ?1 and status = 'ARCHIVED' and confidence < 0.1 and status_reason like '%per agent%'",
            busyAgent));
    assertEquals(
        50,
        Db.count(
            "select count(*) from memories where agent = ?1 and status = 'ACTIVE'", busyAgent));
  }

  @Test
  void runsAreRecordedAndVisibleOverRestAndAsMetrics() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    Turns turns = new Turns(agent, chat);
    turns.user("alice", "I live in Oslo.", "2026-04-05T09:00:00Z").post(TestKeys.AGENT);
    JsonPath run = turns.reflect();
    long id = run.getLong("id");
    assertEquals("MANUAL", run.getString("trigger"));
    assertTrue(run.getString("extractor").startsWith("deterministic@"));
    assertTrue(run.getString("started_at").compareTo(run.getString("finished_at")) <= 0);
    Api.as(TestKeys.OPS)
        .get("/v1/reflector/runs")
        .then()
        .statusCode(200)
        .body("items[0].id", equalTo((int) id))
        .body("items[0].inserted", equalTo(1))
        .body("items[0].chats", equalTo(1));
    Api.as(TestKeys.ADMIN)
        .get("/v1/reflector/runs/" + id)
        .then()
        .statusCode(200)
        .body("exchanges_read", equalTo(1));
    Api.as(TestKeys.OTHER_TENANT).get("/v1/reflector/runs/" + id).then().statusCode(404);
    Api.as(TestKeys.AGENT).get("/v1/reflector/runs").then().statusCode(403);
    Api.as(TestKeys.AGENT).post("/v1/reflector/run").then().statusCode(403);
    Api.as(TestKeys.ADMIN)
        .queryParam("agent", agent)
        .post("/v1/reflector/run")
        .then()
        .statusCode(400);
    String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
    assertTrue(
        metrics.contains("engram_reflector_memories_total{outcome=\"inserted\"}"),
        "extraction counts");
    assertTrue(metrics.contains("engram_reflector_exchanges_total"), "throughput");
    assertTrue(metrics.contains("engram_reflector_runs_total{status=\"succeeded\"}"));
    assertTrue(metrics.contains("engram_outbox_pending{scope=\"database\",target=\"graph\"}"));
    assertTrue(
        metrics.contains("engram_memories{scope=\"database\",status=\"quarantined\"}"),
        "pool health");
  }
}
