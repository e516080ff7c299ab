package dev.engram.capture.autorelation;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.Background;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.GraphStub;
import dev.engram.capture.RecallStub;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import dev.engram.capture.client.SimilarMemories;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Relations that build themselves: SIMILAR_TO / SUPPORTS from the background pass, CONTRADICTS from
 * a supersede, each once however often it runs, gone with either memory; and the belief evidence a
 * repeat, a correction and a contradiction send to graph-service.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class AutomaticRelationsTest {

  @Inject SimilarLinks links;
  @Inject SimilarMemories similar;

  @ConfigProperty(name = "engram.capture.relations.batch-size")
  int batchSize;

  private RecallStub recall;
  private GraphStub graph;

  @BeforeEach
  void reset() {
    recall = CaptureTestResources.recall();
    graph = CaptureTestResources.graph();
    recall.reset();
    graph.reset();
    similar.resume();
  }

  @AfterEach
  void up() {
    recall.reset();
    similar.resume();
  }

  private static long memory(String agent, String chat, String text) {
    return Api.as(TestKeys.AGENT)
        .body("{\"agent\":\"%s\",\"chat\":\"%s\",\"text\":\"%s\"}".formatted(agent, chat, text))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private int pass() {
    try {
      return VertxContextSupport.subscribeAndAwait(() -> links.pass());
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** Passes until the queue is empty (other tests' memories are queued too). */
  private void drain() {
    for (int i = 0; i < 100 && queued() > 0; i++) {
      pass();
    }
    assertEquals(0, queued(), "memories left in the link queue");
  }

  private static long queued() {
    return Db.count(
        "select count(*) from memory_link_queue q join memories m on m.id = q.memory_id"
            + " where m.status <> 'QUARANTINED'");
  }

  /** Relations between two memories, in either direction, as "from>to:TYPE". */
  private static List<String> relations(long a, long b) {
    return Db.rows(
            "select from_memory, to_memory, type from memory_relations"
                + " where (from_memory = ?1 and to_memory = ?2) or (from_memory = ?2 and to_memory = ?1)"
                + " order by id",
            a,
            b)
        .stream()
        .map(r -> r[0] + ">" + r[1] + ":" + r[2])
        .toList();
  }

  private static String neighbours(Map<Long, Double> scores) {
    StringBuilder items = new StringBuilder();
    scores.forEach(
        (id, score) ->
            items
                .append(items.isEmpty() ? "" : ",")
                .append(
                    "{\"id\":%d,\"kind\":\"memory\",\"score\":%s,\"text\":\"x\"}"
                        .formatted(id, score)));
    return "{\"items\":[" + items + "]}";
  }

  private Optional<JsonNode> evidenceSent(String key) {
    return graph.received().stream()
        .filter(op -> op.path("op").asText().equals("belief_evidence"))
        .map(op -> op.path("evidence"))
        .filter(e -> e.path("id").asText().equals(key))
        .findFirst();
  }

  private JsonNode awaitEvidence(String key) {
    await().atMost(Duration.ofSeconds(10)).until(() -> evidenceSent(key).isPresent());
    return evidenceSent(key).orElseThrow();
  }

  @Test
  void aNewMemoryIsLinkedToItsNeighboursOnceAndTheLinksGoWithIt() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long porto = memory(agent, chat, "Alice lives in Porto near the river");
    long views = memory(agent, chat, "Alice loves the river views of Porto");
    long far = memory(agent, chat, "Bob collects stamps");
    drain();
    long repeat = memory(agent, chat, "Alice lives in Porto by the river");
    recall.answerSimilar(
        request ->
            request.path("text").asText().equals("Alice lives in Porto by the river")
                ? neighbours(
                    new java.util.LinkedHashMap<>(
                        Map.of(repeat, 1.0, porto, 0.95, views, 0.8, far, 0.3)))
                : "{\"items\":[]}");
    drain();

    assertEquals(List.of(repeat + ">" + porto + ":SUPPORTS"), relations(repeat, porto));
    assertEquals(List.of(repeat + ">" + views + ":SIMILAR_TO"), relations(repeat, views));
    assertEquals(List.of(), relations(repeat, far), "below similar-min-score");
    assertEquals(
        0, Db.count("select count(*) from memory_relations where from_memory = to_memory"));
    JsonNode asked =
        recall.similarRequests().stream()
            .filter(r -> r.path("text").asText().equals("Alice lives in Porto by the river"))
            .findFirst()
            .orElseThrow();
    assertEquals("acme", asked.path("tenant").asText());
    assertEquals(agent, asked.path("agent").asText());
    assertEquals(chat, asked.path("chat").asText());

    // A repeat is support for the older statement.
    JsonNode support = awaitEvidence("m" + porto + "-supported-by-m" + repeat);
    assertEquals("Alice lives in Porto near the river", support.path("statement").asText());
    assertEquals(1.0, support.path("strength").asDouble());
    assertEquals("dedup", support.path("source").asText());

    // Run again (a retry, another replica): nothing twice.
    Db.execute("insert into memory_link_queue (memory_id, tenant) values (" + repeat + ", 'acme')");
    drain();
    assertEquals(1, relations(repeat, porto).size());
    assertEquals(1, relations(repeat, views).size());
    assertEquals(
        1,
        Db.count(
            "select count(*) from belief_evidence where evidence_key = ?1",
            "m" + porto + "-supported-by-m" + repeat));

    // Projected like hand-made relations, and gone with either memory.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                graph.received().stream()
                        .filter(op -> op.path("op").asText().equals("upsert_relation"))
                        .filter(op -> op.path("relation").path("from_memory").asLong() == repeat)
                        .count()
                    == 2);
    Api.as(TestKeys.AGENT).delete("/v1/memories/" + porto).then().statusCode(204);
    assertEquals(List.of(), relations(repeat, porto));
    assertEquals(0, Db.count("select count(*) from belief_evidence where memory_id = ?1", porto));
    Api.as(TestKeys.AGENT).delete("/v1/memories/" + repeat).then().statusCode(204);
    assertEquals(List.of(), relations(repeat, views));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                graph.received().stream()
                        .filter(op -> op.path("op").asText().equals("delete_relation"))
                        .count()
                    >= 2);
  }

  @Test
  void whileRecallCannotAnswerTheMemoryWaitsInTheQueue() {
    long[] pair = nearPair("The deploy window is Tuesday morning", "Deploys happen on Tuesday");
    long first = pair[0];
    long second = pair[1];
    recall.similarDown(true);
    pass();
    assertEquals(
        1, Db.count("select count(*) from memory_link_queue where memory_id = ?1", second));
    assertEquals(List.of(), relations(first, second));
    recall.similarDown(false);
    similar.resume();
    drain();
    assertEquals(List.of(second + ">" + first + ":SIMILAR_TO"), relations(first, second));
  }

  /**
   * A scheduled tick works through a backlog longer than one batch: one pass per tick capped the
   * links at batch-size per interval, and a fast ingest left tens of thousands waiting.
   */
  @Test
  void oneTickWorksThroughABacklogLongerThanABatch() throws Throwable {
    drain();
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    String[] topics = {"invoices", "gardening", "telescopes", "pottery", "sailing", "chess"};
    for (int i = 0; queued() <= batchSize + 2 && i < batchSize * 3; i++) {
      memory(agent, chat, "Note " + i + " on " + topics[i % topics.length] + " " + Api.unique("k"));
    }
    long backlog = queued();
    assertTrue(backlog > batchSize, "backlog " + backlog);
    int taken = VertxContextSupport.subscribeAndAwait(() -> links.drain());
    assertEquals(0, queued(), "memories left after one tick");
    assertTrue(taken >= backlog, "taken " + taken + " of " + backlog);
  }

  @Test
  void aRecallServiceWithoutTheBatchEndpointIsAskedOneMemoryAtATime() {
    long[] pair = nearPair("The standup is at nine every weekday", "Standups start at 9");
    recall.batchMissing(true);
    drain();
    assertEquals(List.of(pair[1] + ">" + pair[0] + ":SIMILAR_TO"), relations(pair[0], pair[1]));
  }

  /**
   * Two memories of a new chat, the first already linked; recall-service will answer that the
   * second (whose text starts with {@code secondStart}) is near the first, at 0.85.
   */
  private long[] nearPair(String firstText, String secondStart) {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long first = memory(agent, chat, firstText);
    drain();
    long second = memory(agent, chat, secondStart + " mornings");
    recall.answerSimilar(
        request ->
            request.path("text").asText().startsWith(secondStart)
                ? neighbours(Map.of(first, 0.85))
                : "{\"items\":[]}");
    return new long[] {first, second};
  }

  @Test
  void aSupersedeContradictsTheOldMemoryAndIsEvidenceAgainstIt() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long old = memory(agent, chat, "Alice works at Initech");
    long next =
        Api.as(TestKeys.AGENT)
            .body("{\"text\":\"Alice works at Acme\",\"confidence\":0.7}")
            .post("/v1/memories/" + old + "/supersede")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");
    assertEquals(List.of(next + ">" + old + ":CONTRADICTS"), relations(old, next));
    JsonNode against = awaitEvidence("m" + old + "-corrected-by-m" + next);
    assertEquals("acme", against.path("tenant").asText());
    assertEquals("Alice works at Initech", against.path("statement").asText());
    assertEquals(0.0, against.path("strength").asDouble());
    assertEquals(0.7, against.path("confidence").asDouble(), 1e-9);
    assertEquals("correction", against.path("source").asText());
    assertEquals(List.of(old, next), longs(against.path("memory_ids")));
    assertTrue(against.path("recorded_at").asText().endsWith("Z"));
  }

  @Test
  void aTouchIsSupportAndAHandMadeContradictionIsEvidenceAgainst() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long tea = memory(agent, chat, "Alice drinks green tea");
    long version =
        Api.as(TestKeys.AGENT)
            .body("{\"confidence_floor\":0.8}")
            .post("/v1/memories/" + tea + "/touch")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getLong("version");
    JsonNode seen = awaitEvidence("m" + tea + "-touch-v" + version);
    assertEquals(1.0, seen.path("strength").asDouble());
    assertEquals(0.8, seen.path("confidence").asDouble(), 1e-9);
    assertEquals("dedup", seen.path("source").asText());
    assertEquals(List.of(tea), longs(seen.path("memory_ids")));

    // graph-service takes statements of at most 1,000 characters; a longer memory is cut.
    long essay = memory(agent, chat, "Alice writes long notes. ".repeat(60).strip());
    long essayVersion =
        Api.as(TestKeys.AGENT)
            .body("{}")
            .post("/v1/memories/" + essay + "/touch")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getLong("version");
    assertEquals(
        1000,
        awaitEvidence("m" + essay + "-touch-v" + essayVersion).path("statement").asText().length());

    long coffee = memory(agent, chat, "Alice only drinks coffee");
    Api.as(TestKeys.AGENT)
        .body("{\"to_memory\":%d,\"type\":\"CONTRADICTS\",\"weight\":0.5}".formatted(tea))
        .post("/v1/memories/" + coffee + "/relations")
        .then()
        .statusCode(201);
    JsonNode against = awaitEvidence("m" + tea + "-contradicted-by-m" + coffee);
    assertEquals("contradiction", against.path("source").asText());
    assertEquals(0.0, against.path("strength").asDouble());
    assertEquals("Alice drinks green tea", against.path("statement").asText());
  }

  @Test
  void aRepeatTheReflectorFindsIsSupportForTheMemoryItTouches() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    long existing = memory(agent, chat, "The team chose PostgreSQL as the system of record");
    recall.answerSimilar(
        request ->
            request.path("text").asText().contains("Postgres")
                ? neighbours(Map.of(existing, 0.95))
                : "{\"items\":[]}");
    Background.awaitReflectorIdle();
    new Turns(agent, chat)
        .user("alice", "We decided to use Postgres for the record.", "2026-04-02T09:00:00Z")
        .post(TestKeys.AGENT);
    assertEquals(1, new Turns(agent, chat).reflect().getInt("touched"));
    long version =
        Api.as(TestKeys.AGENT)
            .get("/v1/memories/" + existing)
            .then()
            .extract()
            .jsonPath()
            .getLong("version");
    JsonNode seen = awaitEvidence("m" + existing + "-touch-v" + version);
    assertEquals(
        "The team chose PostgreSQL as the system of record", seen.path("statement").asText());
    assertEquals(1.0, seen.path("strength").asDouble());
    assertEquals("dedup", seen.path("source").asText());
  }

  private static List<Long> longs(JsonNode array) {
    List<Long> out = new java.util.ArrayList<>();
    array.forEach(n -> out.add(n.asLong()));
    return out;
  }
}
