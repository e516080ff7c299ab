package dev.engram.capture.promotion;

import static dev.engram.capture.promotion.PromotionFixture.THREE_DAYS;
import static dev.engram.capture.promotion.PromotionFixture.UMBRELLA;
import static dev.engram.capture.promotion.PromotionFixture.canonical;
import static dev.engram.capture.promotion.PromotionFixture.decide;
import static dev.engram.capture.promotion.PromotionFixture.proposals;
import static dev.engram.capture.promotion.PromotionFixture.scan;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: a canonical memory (a human approved it) is superseded, never changed in place or
 * deleted. An edit or a revise is 409 {@code canonical_memory} pointing to supersede; a supersede
 * (admin only) keeps the approved version SUPERSEDED and makes its successor canonical; an
 * automatic correction by the Reflector stays beside it instead of replacing it.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class CanonicalMemoryTest {

  @Test
  void aCanonicalMemoryIsNeverEditedOrRevisedInPlace() {
    long id = canonical(UMBRELLA, "PROFILE");
    JsonPath before = Api.as(UMBRELLA).get("/v1/memories/" + id).then().extract().jsonPath();
    for (String body : List.of("{\"text\":\"Ann hates lighthouses\"}", "{\"confidence\":0.1}")) {
      Api.as(UMBRELLA)
          .body(body)
          .patch("/v1/memories/" + id)
          .then()
          .statusCode(409)
          .contentType(startsWith("application/problem+json"))
          .body("code", equalTo("canonical_memory"))
          .body("detail", containsString("/v1/memories/" + id + "/supersede"));
    }
    Api.as(UMBRELLA)
        .body("{\"text\":\"Ann hates lighthouses\"}")
        .post("/v1/memories/" + id + "/revise")
        .then()
        .statusCode(409)
        .body("code", equalTo("canonical_memory"));
    JsonPath after = Api.as(UMBRELLA).get("/v1/memories/" + id).then().extract().jsonPath();
    assertEquals(before.getString("text"), after.getString("text"));
    assertEquals(before.getLong("version"), after.getLong("version"));
    assertEquals(
        0,
        Db.count(
            "select count(*) from audit_log where target_type = 'memory' and target_id = ?1"
                + " and operation in ('memory.update', 'memory.revise')",
            id + ""));
  }

  @Test
  void aSupersedeKeepsTheApprovedVersionAndItsSuccessorIsCanonical() {
    long id = canonical(TestKeys.ADMIN, "PROFILE");
    Api.as(TestKeys.AGENT)
        .body("{\"text\":\"Ann is called Annie now\"}")
        .post("/v1/memories/" + id + "/supersede")
        .then()
        .statusCode(403)
        .contentType(startsWith("application/problem+json"));
    JsonPath next =
        Api.as(TestKeys.ADMIN)
            .body("{\"text\":\"Ann is called Annie now\",\"reason\":\"renamed\"}")
            .post("/v1/memories/" + id + "/supersede")
            .then()
            .statusCode(201)
            .body("canonical", equalTo(true))
            .body("supersedes", equalTo((int) id))
            .extract()
            .jsonPath();
    long successor = next.getLong("id");
    Api.as(TestKeys.ADMIN)
        .get("/v1/memories/" + id)
        .then()
        .statusCode(200)
        .body("status", equalTo("SUPERSEDED"))
        .body("canonical", equalTo(true))
        .body("superseded_by", equalTo((int) successor));
    List<Long> listed =
        Api.as(TestKeys.INTERNAL)
            .get("/internal/v1/canonical?tenant=acme&agent=bot")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("memories.id", Long.class);
    assertTrue(listed.contains(successor) && !listed.contains(id), listed.toString());
    assertEquals(
        1,
        Db.count(
            "select count(*) from audit_log where target_type = 'memory' and target_id = ?1"
                + " and operation = 'memory.supersede'",
            id + ""));
    // The successor is canonical as well: it too leaves only by supersede.
    Api.as(TestKeys.ADMIN)
        .delete("/v1/memories/" + successor)
        .then()
        .statusCode(409)
        .body("code", equalTo("canonical_memory"));
  }

  @Test
  void aReflectorCorrectionStaysBesideACanonicalMemory() {
    String chat = Api.unique("canon-fact");
    for (int i = 0; i < THREE_DAYS.size(); i++) {
      say(chat, "c" + i, "I live in Porto.", THREE_DAYS.get(i));
    }
    reflect(chat);
    long fact =
        Db.count(
            "select id from facts where tenant = 'umbrella' and chat = ?1 and predicate ="
                + " 'lives_in' and invalidated_at is null",
            chat);
    long memory = Db.count("select source_memory_ids[1] from facts where id = ?1", fact);
    scan();
    List<Map<String, Object>> mine = proposals(UMBRELLA, "fact", fact);
    decide(UMBRELLA, ((Number) mine.getFirst().get("id")).longValue(), "approve", null)
        .then()
        .statusCode(200);
    Api.as(UMBRELLA).get("/v1/memories/" + memory).then().body("canonical", equalTo(true));

    say(chat, "c9", "Actually, I moved to Lisbon.", "2026-03-23T10:00:00Z");
    reflect(chat);
    long lisbon =
        Db.count(
            "select max(id) from memories where tenant = 'umbrella' and chat = ?1 and text like"
                + " '%Lisbon%' and category <> 'SUMMARY'",
            chat);
    assertTrue(lisbon > 0, "the correction is stored");
    Api.as(UMBRELLA)
        .get("/v1/memories/" + memory)
        .then()
        .body("status", equalTo("ACTIVE"))
        .body("canonical", equalTo(true))
        .body("superseded_by", equalTo(null));
    JsonPath correction =
        Api.as(UMBRELLA).get("/v1/memories/" + lisbon).then().extract().jsonPath();
    assertFalse(correction.getBoolean("canonical"));
    assertNull(correction.get("supersedes"), "it replaced nothing");
    assertEquals(
        1,
        Db.count(
            "select count(*) from memory_relations where from_memory = ?1 and to_memory = ?2"
                + " and type = 'CONTRADICTS'",
            lisbon,
            memory),
        "linked as contradicting the canonical memory, for a human to decide");
  }

  @Test
  void aCanonicalFactIsEndedOnlyByAnAdminAndOutlivesItsSource() {
    String chat = Api.unique("canon-only-fact");
    say(chat, "o1", "I live in Porto.", THREE_DAYS.getFirst());
    reflect(chat);
    long fact =
        Db.count(
            "select id from facts where tenant = 'umbrella' and chat = ?1 and predicate ="
                + " 'lives_in' and invalidated_at is null",
            chat);
    long memory = Db.count("select source_memory_ids[1] from facts where id = ?1", fact);
    // Stands in for a fact approved on its own while its source memory is not canonical.
    Db.execute("update facts set canonical = true where id = " + fact);
    Api.as(UMBRELLA).delete("/v1/memories/" + memory).then().statusCode(204);
    assertEquals(
        1,
        Db.count(
            "select count(*) from facts where id = ?1 and canonical and invalidated_at is null"
                + " and cardinality(source_memory_ids) = 0",
            fact),
        "the canonical fact stays, without the deleted source");

    long stated =
        Api.as(TestKeys.AGENT)
            .body(
                Map.of("agent", "bot", "subject", "Ann", "predicate", "works_at", "object", "Acme"))
            .post("/v1/facts")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");
    Db.execute("update facts set canonical = true where id = " + stated);
    Api.as(TestKeys.AGENT)
        .body("{}")
        .post("/v1/facts/" + stated + "/invalidate")
        .then()
        .statusCode(403)
        .contentType(startsWith("application/problem+json"));
    assertEquals(
        0,
        Db.count(
            "select count(*) from facts where id = ?1 and invalidated_at is not null", stated));
    Api.as(TestKeys.ADMIN)
        .body("{}")
        .post("/v1/facts/" + stated + "/invalidate")
        .then()
        .statusCode(200);
  }

  private static void say(String chat, String session, String text, String at) {
    Api.as(UMBRELLA)
        .body(
            Map.of(
                "exchanges",
                List.of(
                    Map.of(
                        "agent", "bot",
                        "chat", chat,
                        "session", session,
                        "speaker", "Ann",
                        "role", "user",
                        "text", text,
                        "occurred_at", at))))
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
  }

  private static void reflect(String chat) {
    Api.as(UMBRELLA)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .post("/v1/reflector/run")
        .then()
        .statusCode(200);
  }
}
