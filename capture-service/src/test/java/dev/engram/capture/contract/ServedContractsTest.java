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
    for (JsonNode slot : expected.get("slots")) {
      String owner = slot.get("owner_type").asText();
      String path =
          "/v1/agents/"
              + query.get("agent").asText()
              + switch (owner) {
                case "AGENT" -> "";
                case "SESSION" -> "/sessions/" + slot.get("owner_id").asText();
                default -> "/threads/" + slot.get("owner_id").asText();
              }
              + "/slots/"
              + slot.get("name").asText();
      Api.as(TestKeys.AGENT)
          .body(Map.of("content", slot.get("content").asText()))
          .put(path)
          .then()
          .statusCode(200);
    }
    Contracts.assertMatches(expected, slots(query, 200), "slots.*.updated_at");
    JsonNode problem = slots(Contracts.json("slots", "invalid-request.json").get("query"), 400);
    assertProblem(Contracts.json("slots", "invalid-response.json"), problem);
  }

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
    var request = given().header("Authorization", TestKeys.bearer(TestKeys.INTERNAL));
    query.fields().forEachRemaining(p -> request.queryParam(p.getKey(), p.getValue().asText()));
    Response response = request.get("/internal/v1/slots");
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
