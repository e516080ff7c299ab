package dev.engram.capture.memory;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.common.Sha256;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class MemoryApiTest {

  private static long create(String key, String json) {
    return Api.as(key)
        .body(json)
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private static long storedFor(String agent) {
    return Db.count("select count(*) from memories where agent = ?1", agent);
  }

  /** Stores one turn per text in a fresh chat of the agent; their ids, in order. */
  static List<Integer> turns(String agent, String... texts) {
    String chat = Api.unique("chat");
    StringBuilder items = new StringBuilder();
    for (String text : texts) {
      items.append(items.isEmpty() ? "" : ",");
      items.append(
          """
          {"agent":"%s","chat":"%s","speaker":"alice","role":"user","text":"%s"}"""
              .formatted(agent, chat, text));
    }
    return Api.as(TestKeys.ADMIN)
        .body("{\"exchanges\":[" + items + "]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getList("items.id", Integer.class);
  }

  @Test
  void createdMemoryCanBeReadBackWithItsDefaults() {
    String agent = Api.unique("bot");
    // A provenance must name exchanges of the tenant (issue 12), so two are stored first.
    List<Integer> exchanges = turns(agent, "Alice moved", "to Lisbon");
    long id =
        Api.as(TestKeys.ADMIN)
            .body(
                """
                {"agent":"%s","chat":"tg:1","text":"Alice lives in Lisbon",
                 "provenance":{"exchange_ids":[%d,%d],"extractor":"manual"},
                 "metadata":{"dia_id":"D1:3"}}"""
                    .formatted(agent, exchanges.get(0), exchanges.get(1)))
            .post("/v1/memories")
            .then()
            .statusCode(201)
            .header("Location", containsString("/v1/memories/"))
            .body("scope", equalTo("CHAT"))
            .body("category", equalTo("KNOWLEDGE"))
            .body("confidence", equalTo(0.8f))
            .body("source", equalTo("api"))
            .body("status", equalTo("ACTIVE"))
            .body("version", equalTo(1))
            .extract()
            .jsonPath()
            .getLong("id");
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + id)
        .then()
        .statusCode(200)
        .body("text", equalTo("Alice lives in Lisbon"))
        .body("agent", equalTo(agent))
        .body("provenance.exchange_ids", equalTo(exchanges))
        .body("provenance.extractor", equalTo("manual"))
        .body("metadata.dia_id", equalTo("D1:3"))
        .body("content_sha256", equalTo(Sha256.hex("Alice lives in Lisbon")));
  }

  @Test
  void globalMemoriesNeedAnAdminKey() {
    String agent = Api.unique("bot");
    String body =
        """
        {"agent":"%s","scope":"GLOBAL","category":"KNOWLEDGE","text":"The office closes at 6pm"}"""
            .formatted(agent);
    Api.as(TestKeys.AGENT)
        .body(body)
        .post("/v1/memories")
        .then()
        .statusCode(403)
        .contentType("application/problem+json")
        .body("code", equalTo("global_scope_needs_admin"));
    assertEquals(0, storedFor(agent));

    Api.as(TestKeys.ADMIN)
        .body(body)
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .body("scope", equalTo("GLOBAL"))
        .body("chat", nullValue());
    assertEquals(1, storedFor(agent));
  }

  @Test
  void badBodiesAre400sNamingTheFieldAndStoreNothing() {
    String agent = Api.unique("bot");
    Map<String, String> cases =
        Map.of(
            "{\"agent\":\"%s\",\"chat\":\"c\"}", "text",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"confidence\":1.5}", "confidence",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"txt\":\"typo\"}", "txt",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"category\":\"GOSSIP\"}", "category",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"scope\":\"AGENT\"}", "chat",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"expires_at\":\"tomorrow\"}",
                "expires_at",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"expires_at\":\"2001-01-01T00:00:00Z\"}",
                "expires_at",
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"x\",\"provenance\":{\"exchange_ids\":[-4]}}",
                "provenance.exchange_ids");
    cases.forEach(
        (template, field) ->
            Api.as(TestKeys.ADMIN)
                .body(template.formatted(agent))
                .post("/v1/memories")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("errors[0].field", equalTo(field))
                .body("errors[0].rule", notNullValue())
                .body("detail", not(containsString("Exception")))
                .body("detail", not(containsString("dev.engram"))));

    Api.as(TestKeys.ADMIN)
        .body("{\"agent\":\"" + agent + "\", \"text\": ")
        .post("/v1/memories")
        .then()
        .statusCode(400)
        .body("code", equalTo("malformed_body"));
    Api.as(TestKeys.ADMIN)
        .body(
            "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"%s\"}".formatted(agent, "x".repeat(8001)))
        .post("/v1/memories")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("text"))
        .body("errors[0].rule", equalTo("max_length"));
    Api.as(TestKeys.ADMIN).post("/v1/memories").then().statusCode(400);
    assertEquals(0, storedFor(agent));
  }

  @Test
  void updatesBumpTheVersionAndCheckTheExpectedOne() {
    String agent = Api.unique("bot");
    long id = create(TestKeys.AGENT, "{\"agent\":\"%s\",\"text\":\"likes tea\"}".formatted(agent));
    Api.as(TestKeys.AGENT)
        .body("{\"text\":\"likes green tea\",\"expected_version\":1}")
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(200)
        .body("version", equalTo(2))
        .body("text", equalTo("likes green tea"))
        .body("scope", equalTo("AGENT"));
    Api.as(TestKeys.AGENT)
        .body("{\"confidence\":0.3,\"expected_version\":1}")
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(409)
        .body("code", equalTo("version_conflict"))
        .body("current_version", equalTo(2));
    Api.as(TestKeys.AGENT)
        .body("{}")
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("body"));
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + id)
        .then()
        .body("confidence", equalTo(0.8f))
        .body("version", equalTo(2));
  }

  @Test
  void archivedMemoriesLeaveTheDefaultListingAndCannotChange() {
    String agent = Api.unique("bot");
    long id = create(TestKeys.AGENT, "{\"agent\":\"%s\",\"text\":\"old plan\"}".formatted(agent));
    Api.as(TestKeys.AGENT)
        .post("/v1/memories/" + id + "/archive")
        .then()
        .statusCode(200)
        .body("status", equalTo("ARCHIVED"))
        .body("archived_at", notNullValue());
    Api.as(TestKeys.AGENT)
        .body("{\"text\":\"new plan\"}")
        .patch("/v1/memories/" + id)
        .then()
        .statusCode(409)
        .body("code", equalTo("memory_not_active"));
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .get("/v1/memories")
        .then()
        .body("items", hasSize(0));
    Api.as(TestKeys.AGENT)
        .queryParam("agent", agent)
        .queryParam("status", "archived")
        .get("/v1/memories")
        .then()
        .body("items", hasSize(1))
        .body("items[0].id", equalTo((int) id));
  }

  @Test
  void supersedingKeepsTheChainAndNeverOverwrites() {
    String agent = Api.unique("bot");
    long old =
        create(
            TestKeys.AGENT,
            "{\"agent\":\"%s\",\"chat\":\"c\",\"category\":\"PROFILE\",\"text\":\"lives in Berlin\"}"
                .formatted(agent));
    long next =
        Api.as(TestKeys.AGENT)
            .body("{\"text\":\"lives in Lisbon\",\"reason\":\"moved\"}")
            .post("/v1/memories/" + old + "/supersede")
            .then()
            .statusCode(201)
            .body("supersedes", equalTo((int) old))
            .body("category", equalTo("PROFILE"))
            .body("chat", equalTo("c"))
            .body("status", equalTo("ACTIVE"))
            .extract()
            .jsonPath()
            .getLong("id");
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + old)
        .then()
        .body("status", equalTo("SUPERSEDED"))
        .body("superseded_by", equalTo((int) next))
        .body("status_reason", equalTo("moved"))
        .body("text", equalTo("lives in Berlin"));
    Api.as(TestKeys.AGENT)
        .body("{\"text\":\"lives in Porto\"}")
        .post("/v1/memories/" + old + "/supersede")
        .then()
        .statusCode(409);
  }

  @Test
  void deleteRemovesTheMemoryButKeepsTheAudit() {
    String agent = Api.unique("bot");
    long id = create(TestKeys.AGENT, "{\"agent\":\"%s\",\"text\":\"secret\"}".formatted(agent));
    Api.as(TestKeys.AGENT).delete("/v1/memories/" + id).then().statusCode(204);
    Api.as(TestKeys.AGENT)
        .get("/v1/memories/" + id)
        .then()
        .statusCode(404)
        .body("code", equalTo("memory_not_found"));
    Api.as(TestKeys.AGENT).delete("/v1/memories/" + id).then().statusCode(404);
    List<Object[]> audit =
        Db.rows(
            "select operation, actor_key_id, tenant, cast(before as text), cast(after as text)"
                + " from audit_log where target_type = 'memory' and target_id = ?1 order by id",
            String.valueOf(id));
    assertEquals(2, audit.size());
    assertEquals("memory.create", audit.get(0)[0]);
    assertEquals("agent", audit.get(0)[1]);
    assertEquals("acme", audit.get(0)[2]);
    assertNull(audit.get(0)[3]);
    assertTrue(((String) audit.get(0)[4]).contains("secret"));
    assertEquals("memory.delete", audit.get(1)[0]);
    assertTrue(((String) audit.get(1)[3]).contains("secret"));
    assertNull(audit.get(1)[4]);
  }

  @Test
  void tenantsNeverSeeEachOthersMemories() {
    String agent = Api.unique("bot");
    long id = create(TestKeys.AGENT, "{\"agent\":\"%s\",\"text\":\"acme only\"}".formatted(agent));
    Api.as(TestKeys.OTHER_TENANT).get("/v1/memories/" + id).then().statusCode(404);
    Api.as(TestKeys.OTHER_TENANT)
        .queryParam("agent", agent)
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items", hasSize(0));
    Api.as(TestKeys.OTHER_TENANT).delete("/v1/memories/" + id).then().statusCode(404);
    Api.as(TestKeys.AGENT).get("/v1/memories/" + id).then().statusCode(200);
  }

  @Test
  void listingPagesThroughEverythingOnce() {
    String agent = Api.unique("bot");
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      ids.add(create(TestKeys.AGENT, "{\"agent\":\"%s\",\"text\":\"m%d\"}".formatted(agent, i)));
    }
    List<Integer> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      var request = Api.as(TestKeys.AGENT).queryParam("agent", agent).queryParam("limit", 2);
      if (cursor != null) {
        request.queryParam("cursor", cursor);
      }
      var page = request.get("/v1/memories").then().statusCode(200).extract().jsonPath();
      seen.addAll(page.getList("items.id"));
      cursor = page.getString("next_cursor");
      pages++;
    } while (cursor != null && pages < 10);
    assertEquals(5, seen.size());
    assertEquals(5, new HashSet<>(seen).size());
    assertEquals(ids.getLast().intValue(), seen.getFirst(), "newest first");

    Api.as(TestKeys.AGENT)
        .queryParam("cursor", "not-a-cursor")
        .get("/v1/memories")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("cursor"));
    Api.as(TestKeys.AGENT)
        .queryParam("limit", 0)
        .get("/v1/memories")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("limit"));
    Api.as(TestKeys.AGENT)
        .queryParam("status", "FOO")
        .get("/v1/memories")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("status"));
  }

  @Test
  void keysAreCheckedBeforeAnythingElse() {
    given()
        .contentType(ContentType.JSON)
        .body("{\"agent\":\"a\",\"text\":\"x\"}")
        .post("/v1/memories")
        .then()
        .statusCode(401)
        .header("WWW-Authenticate", containsString("Bearer"))
        .contentType("application/problem+json")
        .body("code", equalTo("unauthenticated"));
    given()
        .header("Authorization", "Bearer not-a-configured-key")
        .get("/v1/memories")
        .then()
        .statusCode(401)
        .body("code", equalTo("unauthenticated"));
    given()
        .header("Authorization", "Basic dXNlcjpwYXNz")
        .get("/v1/memories")
        .then()
        .statusCode(401);
    Api.as(TestKeys.OPS)
        .get("/v1/memories")
        .then()
        .statusCode(403)
        .body("code", equalTo("forbidden"));
    given().get("/q/health/live").then().statusCode(200);
  }
}
