package dev.engram.capture.promotion;

import static dev.engram.capture.promotion.PromotionFixture.THREE_DAYS;
import static dev.engram.capture.promotion.PromotionFixture.UMBRELLA;
import static dev.engram.capture.promotion.PromotionFixture.decide;
import static dev.engram.capture.promotion.PromotionFixture.memory;
import static dev.engram.capture.promotion.PromotionFixture.promotionOf;
import static dev.engram.capture.promotion.PromotionFixture.proposals;
import static dev.engram.capture.promotion.PromotionFixture.scan;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Gated promotion end to end: what was seen on enough days in more than one session is proposed,
 * nothing else; only an admin decides; approved memories are canonical (listed for context, never
 * deleted); a tenant with auto-approval gets them approved by the pass. Tenants umbrella and wayne
 * are this test's own, so the pass over every tenant finds nothing of theirs from other tests.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class PromotionTest {

  private static final String WAYNE = "test-wayne-key";

  @Test
  void seenOnThreeDaysInThreeSessionsIsProposedOnceAsIdentity() {
    long memory = memory(UMBRELLA, "PROFILE", 0.9, THREE_DAYS, List.of("s1", "s2", "s3"));
    scan();
    scan(); // idempotent: one proposal per memory, ever
    List<Map<String, Object>> mine = proposals(UMBRELLA, memory);
    assertEquals(1, mine.size(), "one proposal: " + mine);
    assertEquals("IDENTITY", mine.getFirst().get("kind"));
    assertEquals("PENDING", mine.getFirst().get("status"));
    assertEquals(3, mine.getFirst().get("days"));
    assertEquals(3, mine.getFirst().get("sessions"));
    assertEquals("2026-03-02", mine.getFirst().get("first_seen"));
  }

  @Test
  void oneSessionOneDayOrLowConfidenceIsNeverProposed() {
    long oneSession = memory(UMBRELLA, "PROFILE", 0.9, THREE_DAYS, List.of("s9", "s9", "s9"));
    long oneDay =
        memory(
            UMBRELLA,
            "KNOWLEDGE",
            0.9,
            List.of("2026-04-01T08:00:00Z", "2026-04-01T12:00:00Z", "2026-04-01T20:00:00Z"),
            List.of("a", "b", "c"));
    long unsure = memory(UMBRELLA, "PROFILE", 0.5, THREE_DAYS, List.of("x", "y", "z"));
    long event = memory(UMBRELLA, "EVENT", 0.9, THREE_DAYS, List.of("e1", "e2", "e3"));
    scan();
    for (long id : List.of(oneSession, oneDay, unsure, event)) {
      assertTrue(proposals(UMBRELLA, id).isEmpty(), "memory " + id + " was proposed");
    }
  }

  @Test
  void approvedIsCanonicalAuditedIdempotentAndCannotBeDeleted() {
    long memory = memory(UMBRELLA, "KNOWLEDGE", 0.9, THREE_DAYS, List.of("k1", "k2", "k3"));
    scan();
    long promotion = promotionOf(UMBRELLA, memory);

    Api.as(TestKeys.AGENT).post("/v1/promotions/" + promotion + "/approve").then().statusCode(403);
    Api.as(UMBRELLA).get("/v1/promotions").then().statusCode(200);
    Api.as(UMBRELLA)
        .contentType("text/plain")
        .body("{\"reason\":\"x\"}")
        .post("/v1/promotions/" + promotion + "/approve")
        .then()
        .statusCode(415)
        .contentType(startsWith("application/problem+json"));

    decide(UMBRELLA, promotion, "approve", "{\"reason\":\"true for months\"}")
        .then()
        .statusCode(200)
        .body("status", equalTo("APPROVED"))
        .body("kind", equalTo("CANONICAL"))
        .body("reason", equalTo("true for months"))
        .body("decided_by", equalTo("umbrella"));
    decide(UMBRELLA, promotion, "approve", "{}")
        .then()
        .statusCode(200)
        .body("status", equalTo("APPROVED"))
        .body("reason", equalTo("true for months"));
    decide(UMBRELLA, promotion, "reject", "{}")
        .then()
        .statusCode(409)
        .contentType(startsWith("application/problem+json"))
        .body("code", equalTo("promotion_decided"));
    assertEquals(
        1,
        Db.count(
            "select count(*) from audit_log where tenant = 'umbrella' and operation ="
                + " 'promotion.approve' and target_id = '"
                + promotion
                + "'"));

    Api.as(UMBRELLA)
        .get("/v1/memories/" + memory)
        .then()
        .statusCode(200)
        .body("canonical", equalTo(true));
    Api.as(UMBRELLA)
        .delete("/v1/memories/" + memory)
        .then()
        .statusCode(409)
        .contentType(startsWith("application/problem+json"))
        .body("code", equalTo("canonical_memory"));
    Api.as(UMBRELLA).get("/v1/memories/" + memory).then().statusCode(200);

    JsonPath canonical =
        Api.as(TestKeys.INTERNAL)
            .get("/internal/v1/canonical?tenant=umbrella&agent=bot")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertTrue(canonical.getList("memories.id", Long.class).contains(memory), canonical.prettify());
  }

  @Test
  void rejectedStaysRejectedAndIsNotProposedAgain() {
    long memory = memory(UMBRELLA, "PROFILE", 0.95, THREE_DAYS, List.of("r1", "r2", "r3"));
    scan();
    long promotion = promotionOf(UMBRELLA, memory);
    decide(UMBRELLA, promotion, "reject", null).then().statusCode(200);
    decide(UMBRELLA, promotion, "reject", null)
        .then()
        .statusCode(200)
        .body("status", equalTo("REJECTED"));
    decide(UMBRELLA, promotion, "approve", null)
        .then()
        .statusCode(409)
        .body("code", equalTo("promotion_decided"));
    scan();
    assertEquals(1, proposals(UMBRELLA, memory).size());
    Api.as(UMBRELLA)
        .get("/v1/memories/" + memory)
        .then()
        .statusCode(200)
        .body("canonical", equalTo(false));
    Api.as(UMBRELLA).delete("/v1/memories/" + memory).then().statusCode(204);
  }

  @Test
  void aTenantWithAutoApprovalNeedsNoHuman() {
    long memory = memory(WAYNE, "PROFILE", 0.9, THREE_DAYS, List.of("w1", "w2", "w3"));
    long untouched = memory(UMBRELLA, "PROFILE", 0.9, THREE_DAYS, List.of("u1", "u2", "u3"));
    // Each tenant's admin scans its own tenant (issue 28); auto-approval is wayne's alone.
    scan(WAYNE);
    scan();
    List<Map<String, Object>> mine = proposals(WAYNE, memory);
    assertEquals("APPROVED", mine.getFirst().get("status"));
    assertEquals("system:promotion", mine.getFirst().get("decided_by"));
    Api.as(WAYNE).get("/v1/memories/" + memory).then().body("canonical", equalTo(true));
    assertEquals("PENDING", proposals(UMBRELLA, untouched).getFirst().get("status"));
    assertFalse(
        Api.as(UMBRELLA)
            .get("/v1/memories/" + untouched)
            .then()
            .extract()
            .jsonPath()
            .getBoolean("canonical"));
  }

  @Test
  void aFactTheReflectorKeepsFindingIsProposedAndApprovedWithItsMemory() {
    String chat = Api.unique("promo-fact");
    for (int i = 0; i < THREE_DAYS.size(); i++) {
      Api.as(UMBRELLA)
          .body(
              "{\"exchanges\":[{\"agent\":\"bot\",\"chat\":\""
                  + chat
                  + "\",\"session\":\"f"
                  + i
                  + "\",\"speaker\":\"Ann\",\"role\":\"user\",\"text\":\"I live in Porto.\","
                  + "\"occurred_at\":\""
                  + THREE_DAYS.get(i)
                  + "\"}]}")
          .post("/v1/exchanges")
          .then()
          .statusCode(201);
    }
    Api.as(UMBRELLA)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .post("/v1/reflector/run")
        .then()
        .statusCode(200);
    long fact =
        Db.count(
            "select id from facts where tenant = 'umbrella' and chat = ?1 and predicate ="
                + " 'lives_in' and invalidated_at is null",
            chat);
    scan();
    List<Map<String, Object>> mine = proposals(UMBRELLA, "fact", fact);
    assertEquals(1, mine.size(), "one proposal: " + mine);
    assertEquals("IDENTITY", mine.getFirst().get("kind"), "drawn from a PROFILE memory");
    assertEquals(3, mine.getFirst().get("days"));
    long memory = Db.count("select source_memory_ids[1] from facts where id = ?1", fact);
    assertTrue(proposals(UMBRELLA, "memory", memory).isEmpty(), "proposed through its fact");

    decide(UMBRELLA, ((Number) mine.getFirst().get("id")).longValue(), "approve", null)
        .then()
        .statusCode(200)
        .body("status", equalTo("APPROVED"));
    assertEquals(1, Db.count("select count(*) from facts where id = ?1 and canonical", fact));
    Api.as(UMBRELLA).get("/v1/memories/" + memory).then().body("canonical", equalTo(true));
  }
}
