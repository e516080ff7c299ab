package dev.engram.capture.contract;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import dev.engram.contracts.fixtures.Contracts;
import dev.engram.contracts.fixtures.Served;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * capture-service serves its internal APIs as docs/contracts says: the fixture requests recall and
 * the vault send get the fixture responses, and the invalid examples their 400 problem.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ServedContractsTest {

  private static final Served SERVED = new Served("test-internal-key");

  @Test
  void slots() {
    JsonNode expected = Contracts.json("slots", "response.json");
    JsonNode query = Contracts.json("slots", "request.json").get("query");
    String tenantSlot = null;
    try {
      for (JsonNode slot : expected.get("slots")) {
        String owner = slot.get("owner_type").asText();
        String id = slot.get("owner_id").asText();
        String path =
            switch (owner) {
                  case "TENANT" -> "/v1/tenant";
                  case "AGENT" -> "/v1/agents/" + query.get("agent").asText();
                  default ->
                      "/v1/agents/"
                          + query.get("agent").asText()
                          + "/"
                          + owner.toLowerCase(java.util.Locale.ROOT)
                          + "s/"
                          + id;
                }
                + "/slots/"
                + slot.get("name").asText();
        if (owner.equals("TENANT")) {
          tenantSlot = path;
        }
        Api.as(owner.equals("TENANT") ? TestKeys.ADMIN : TestKeys.AGENT)
            .body(Map.of("content", slot.get("content").asText()))
            .put(path)
            .then()
            .statusCode(200);
      }
      Contracts.assertMatches(expected, slots(query, 200), "slots.*.updated_at");
    } finally {
      // the tenant's notes reach every agent of tenant acme: other tests must not see this one
      if (tenantSlot != null) {
        Api.as(TestKeys.ADMIN).delete(tenantSlot).then().statusCode(204);
      }
    }
    JsonNode problem =
        get(SLOTS, Contracts.json("slots", "invalid-request.json").get("query"), 400);
    assertProblem(Contracts.json("slots", "invalid-response.json"), problem);
  }

  @Test
  void recentTurns() {
    JsonNode expected = Contracts.json("recent-turns", "response.json");
    JsonNode query = Contracts.json("recent-turns", "request.json").get("query");
    StringBuilder batch = new StringBuilder("{\"exchanges\":[");
    // one turn older than the fixture's, so that there is "more"
    batch.append(turn(query, "alice", "user", "Hello again", "2026-05-08T13:50:00Z", null, null));
    for (JsonNode t : expected.get("turns")) {
      batch
          .append(',')
          .append(
              turn(
                  query,
                  t.get("speaker").asText(),
                  t.get("role").asText(),
                  t.get("text").asText(),
                  t.get("occurred_at").asText(),
                  t.get("thread").isNull() ? null : t.get("thread").asText(),
                  t.get("session").isNull() ? null : t.get("session").asText()));
    }
    Api.as(TestKeys.AGENT)
        .body(batch.append("]}").toString())
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    Contracts.assertMatches(expected, get(RECENT, query, 200), "turns.*.id");
    JsonNode problem =
        get(RECENT, Contracts.json("recent-turns", "invalid-request.json").get("query"), 400);
    assertProblem(Contracts.json("recent-turns", "invalid-response.json"), problem);
  }

  @Test
  void canonical() {
    JsonNode expected = Contracts.json("canonical", "response.json");
    JsonNode query = Contracts.json("canonical", "request.json").get("query");
    for (JsonNode m : expected.get("memories")) {
      long id =
          Api.as(TestKeys.ADMIN)
              .body(
                  Map.of(
                      "agent", query.get("agent").asText(),
                      "chat", query.get("chat").asText(),
                      "category", m.get("category").asText(),
                      "text", m.get("text").asText()))
              .post("/v1/memories")
              .then()
              .statusCode(201)
              .extract()
              .jsonPath()
              .getLong("id");
      // What an approved promotion sets (PromotionTest goes through the gate itself).
      dev.engram.capture.Db.execute("update memories set canonical = true where id = " + id);
    }
    Contracts.assertMatches(expected, get(CANONICAL, query, 200), "memories.*.id");
    JsonNode problem =
        get(CANONICAL, Contracts.json("canonical", "invalid-request.json").get("query"), 400);
    assertProblem(Contracts.json("canonical", "invalid-response.json"), problem);
  }

  static final String CANONICAL = "/internal/v1/canonical";

  /**
   * The fixture's shape (its values are the three fixtures above, whose tests store them in an
   * order JUnit chooses: context.ContextPartsTest holds each part equal to its own endpoint).
   */
  @Test
  void contextParts() {
    List<JsonNode> answers =
        Contracts.examples("context-parts", "response").stream()
            .map(file -> Contracts.json("context-parts", file))
            .toList();
    for (String request : Contracts.examples("context-parts", "request")) {
      JsonNode query = Contracts.json("context-parts", request).get("query");
      JsonNode answer = get(CONTEXT_PARTS, query, 200);
      assertEquals(List.of(), Contracts.shapeErrors(answers, answer, false), answer.toString());
      assertEquals(query.has("limit"), !answer.get("recent").isNull(), answer.toString());
    }
    JsonNode problem =
        get(
            CONTEXT_PARTS,
            Contracts.json("context-parts", "invalid-request.json").get("query"),
            400);
    assertProblem(Contracts.json("context-parts", "invalid-response.json"), problem);
  }

  static final String CONTEXT_PARTS = "/internal/v1/context-parts";

  private static String turn(
      JsonNode query,
      String speaker,
      String role,
      String text,
      String at,
      String thread,
      String session) {
    Map<String, Object> t = new java.util.LinkedHashMap<>();
    t.put("agent", query.get("agent").asText());
    t.put("chat", query.get("chat").asText());
    t.put("speaker", speaker);
    t.put("role", role);
    t.put("text", text);
    t.put("occurred_at", at);
    if (thread != null) {
      t.put("thread", thread);
    }
    if (session != null) {
      t.put("session", session);
    }
    return new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(t).toString();
  }

  static final String SLOTS = "/internal/v1/slots";
  static final String RECENT = "/internal/v1/exchanges/recent";

  @Test
  void reproject() {
    JsonNode expected = Contracts.json("reproject", "response.json");
    JsonNode answer = SERVED.post(REPROJECT, Contracts.json("reproject", "request.json"), 202);
    // one entry per tenant of the record, whose counts depend on what other tests stored
    for (JsonNode tenant : answer.get("tenants")) {
      JsonNode fixture = expected.get("tenants").get(0);
      assertEquals(java.util.List.of(), Contracts.shapeErrors(fixture, tenant, false), "" + tenant);
      assertEquals(fixture.get("targets"), tenant.get("targets"));
    }
    assertTrue(answer.get("tenants").size() > 0, answer.toString());
    JsonNode problem =
        SERVED.post(REPROJECT, Contracts.json("reproject", "invalid-request.json"), 400);
    assertProblem(Contracts.json("reproject", "invalid-response.json"), problem);
  }

  static final String REPROJECT = "/internal/v1/reproject";

  @Test
  void importAndExport() {
    // the import fixture is a restore of the export fixture: what it loads, the export gives back
    JsonNode answer =
        SERVED.importBody(
            Contracts.text("import", "capture.ndjson"), "mode=merge&dry_run=false", 200);
    Contracts.assertMatches(Contracts.json("import", "capture-response.json"), answer);
    Contracts.assertExport(Contracts.ndjson("export", "capture.ndjson"), SERVED.export());
    JsonNode problem =
        SERVED.importBody(Contracts.text("import", "capture.ndjson"), "mode=overwrite", 400);
    assertProblem(Contracts.json("import", "invalid-response.json"), problem);
  }

  private static JsonNode slots(JsonNode query, int status) {
    return get(SLOTS, query, status);
  }

  private static JsonNode get(String path, JsonNode query, int status) {
    var request = given().header("Authorization", TestKeys.bearer(TestKeys.INTERNAL));
    query.fields().forEachRemaining(p -> request.queryParam(p.getKey(), p.getValue().asText()));
    Response response = request.get(path);
    response.then().statusCode(status);
    return Contracts.parse(response.asString());
  }

  /** The problem has the fixture's code and names the fixture's fields. */
  static void assertProblem(JsonNode expected, JsonNode problem) {
    assertEquals(expected.get("code"), problem.get("code"), problem.toString());
    for (JsonNode error : expected.path("errors")) {
      String field = error.get("field").asText();
      assertTrue(
          problem.path("errors").findValuesAsText("field").contains(field),
          field + " named in " + problem);
    }
  }
}
