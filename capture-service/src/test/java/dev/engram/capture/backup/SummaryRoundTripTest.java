package dev.engram.capture.backup;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import dev.engram.capture.summary.SummariesOnProfile;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Everything issue 17 added to the record survives a backup: day and week summaries (category
 * SUMMARY, their DERIVED_FROM relations, superseded versions), mode-tagged exchanges and memories,
 * a canonical memory with its promotion, and usage counts. Exported, then imported into the
 * tenant's emptied tables, every row comes back as it was and a summary still expands.
 */
@QuarkusTest
@TestProfile(SummariesOnProfile.class)
@QuarkusTestResource(CaptureTestResources.class)
class SummaryRoundTripTest {

  private static final String TENANT = "acme";

  @Test
  void summariesModesPromotionsAndUsageComeBackAsTheyWere() {
    String agent = Api.unique("bot");
    String chat = Api.unique("chat");
    new Turns(agent, chat)
        .user("alice", "We are planning the garden renovation for the spring.", day(2, "00"))
        .user("alice", "The garden renovation needs new soil and a new fence.", day(2, "10"))
        .user("alice", "The fence for the garden will be made of oak wood.", day(3, "00"))
        .user("alice", "The garden shop also sells tulip bulbs for the beds.", day(9, "00"))
        .post(TestKeys.AGENT);
    new Turns(agent, chat).reflect();
    // A late turn: a new version of its day and week, the old ones superseded.
    new Turns(agent, chat)
        .user("alice", "The garden fence needs a gate made of the same oak wood.", day(3, "30"))
        .post(TestKeys.AGENT);
    new Turns(agent, chat).reflect();
    Api.as(TestKeys.AGENT)
        .body(
            ("{\"exchanges\":[{\"agent\":\"%s\",\"chat\":\"%s\",\"speaker\":\"alice\","
                    + "\"role\":\"user\",\"text\":\"Quarterly numbers are due.\",\"mode\":\"work\"}]}")
                .formatted(agent, chat))
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    long work = memory(agent, "The quarterly report goes to Dana.", "work");
    long canonical = memory(agent, "Alice's garden is in Porto.", null);
    Db.execute("update memories set canonical = true where id = " + canonical);
    Db.execute(
        "insert into promotions (tenant, target_type, target_id, kind, status, text, confidence,"
            + " days, sessions, first_seen, last_seen, created_at, decided_at, decided_by, reason,"
            + " version) values ('acme', 'memory', "
            + canonical
            + ", 'IDENTITY', 'APPROVED', 'Alice''s garden is in Porto.', 0.9, 4, 2,"
            + " date '2026-03-02', date '2026-03-09', now(), now(), 'acme', 'said every week', 2)");
    Api.as(TestKeys.INTERNAL)
        .body(
            ("{\"items\":[{\"tenant\":\"acme\",\"id\":%d,\"times\":3,"
                    + "\"last_surfaced\":\"2026-03-10T10:00:00.123456Z\","
                    + "\"last_used\":\"2026-03-10T10:00:01Z\"}]}")
                .formatted(work))
        .post("/internal/v1/memories/surfaced")
        .then()
        .statusCode(200);

    long week = summary(agent, chat, "week");
    String children = children(week);
    Map<String, String> before = Backups.state(TENANT);
    Map<String, List<JsonNode>> mine = Backups.ofTenant(Backups.export(), TENANT);
    // The archive carries what this test is about, so the comparison below means something.
    List<JsonNode> memories = mine.get("memories");
    assertTrue(has(memories, m -> m.get("category").asText().equals("SUMMARY")));
    assertTrue(
        has(
            memories,
            m ->
                m.get("category").asText().equals("SUMMARY")
                    && m.get("status").asText().equals("SUPERSEDED")),
        "superseded summary versions");
    assertTrue(
        has(mine.get("memory_relations"), r -> r.get("type").asText().equals("DERIVED_FROM")));
    assertTrue(has(memories, m -> m.get("mode").asText().equals("work")));
    assertTrue(has(mine.get("exchanges"), e -> e.get("mode").asText().equals("work")));
    assertTrue(has(memories, m -> m.get("canonical").asBoolean()));
    assertTrue(has(memories, m -> m.get("times_surfaced").asLong() == 3));
    assertTrue(has(mine.get("promotions"), p -> p.get("target_id").asLong() == canonical));

    emptyTenant();
    assertEquals("[]", Backups.state(TENANT).get("memories"), "the tenant starts empty");
    Backups.load(Backups.body(mine), "replace", false)
        .then()
        .statusCode(200)
        .body("applied", equalTo(true))
        .body("counts.memories.inserted", equalTo(memories.size()));

    assertEquals(before, Backups.state(TENANT), "every row as it was, usage counts included");
    assertEquals(children, children(week), "the summary still expands to the same children");
  }

  /** Deletes every row of the tenant, children first: an empty database as far as it can see. */
  private static void emptyTenant() {
    for (String table : Backups.STREAMS.reversed()) {
      Db.execute("delete from " + table + " where tenant = '" + TENANT + "'");
    }
  }

  private static String day(int day, String minute) {
    return "2026-03-%02dT09:%s:00Z".formatted(day, minute);
  }

  private static long memory(String agent, String text, String mode) {
    return Api.as(TestKeys.AGENT)
        .body(
            "{\"agent\":\"%s\",\"text\":\"%s\",\"category\":\"KNOWLEDGE\",\"mode\":%s}"
                .formatted(agent, text, mode == null ? "null" : "\"" + mode + "\""))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private static long summary(String agent, String chat, String level) {
    return Db.count(
        "select min(id) from memories where agent = ?1 and chat = ?2 and category = 'SUMMARY'"
            + " and status = 'ACTIVE' and metadata ->> 'level' = ?3",
        agent,
        chat,
        level);
  }

  private static String children(long id) {
    return Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + id + "/children")
        .then()
        .statusCode(200)
        .body("memories", org.hamcrest.Matchers.not(org.hamcrest.Matchers.empty()))
        .extract()
        .asString();
  }

  private static boolean has(List<JsonNode> records, Predicate<JsonNode> test) {
    return records.stream().anyMatch(test);
  }
}
