package dev.engram.capture.strict;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/**
 * The endpoints of automatic capture refuse bad input with a 400 problem+json that names the field,
 * and store nothing from it.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class BadInputTest {

  private static void refused(Response response, String field) {
    response
        .then()
        .statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("status", equalTo(400))
        .body("errors[0].field", equalTo(field));
  }

  @Test
  void queryParametersOfTheNewReadEndpoints() {
    refused(
        Api.as(TestKeys.AGENT)
            .queryParam("agent", "bot")
            .queryParam("chat", "c")
            .queryParam("around", "noon")
            .get("/v1/episodes"),
        "around");
    refused(
        Api.as(TestKeys.AGENT)
            .queryParam("agent", "bot")
            .queryParam("chat", "c")
            .queryParam("around", "2026-05-08T08:02:00Z")
            .queryParam("lines", "many")
            .get("/v1/episodes"),
        "lines");
    refused(Api.as(TestKeys.ADMIN).queryParam("from", "last tuesday").get("/v1/audit"), "from");
    refused(Api.as(TestKeys.ADMIN).queryParam("to", "soon").get("/v1/audit/export"), "to");
    refused(Api.as(TestKeys.ADMIN).queryParam("limit", "ten").get("/v1/audit"), "limit");
    refused(Api.as(TestKeys.ADMIN).queryParam("limit", "x").get("/v1/reflector/runs"), "limit");
    refused(Api.as(TestKeys.ADMIN).queryParam("cursor", "page2").get("/v1/quarantine"), "cursor");
    // Ids are bigint: a cursor past 2^31 is a cursor, not a bad request.
    Api.as(TestKeys.ADMIN)
        .queryParam("cursor", "9000000000")
        .get("/v1/audit")
        .then()
        .statusCode(200);
    refused(Api.as(TestKeys.AGENT).queryParam("status", "deleted").get("/v1/facts"), "status");
    refused(Api.as(TestKeys.AGENT).queryParam("current", "maybe").get("/v1/facts"), "current");
  }

  @Test
  void bodiesOfTheNewWriteEndpointsStoreNothing() {
    String name = "bad-" + Api.unique("prior") + ".md";
    refused(
        Api.as(TestKeys.ADMIN)
            .body("{\"name\":\"%s\",\"content\":\"  \"}".formatted(name))
            .post("/v1/priors"),
        "content");
    refused(
        Api.as(TestKeys.ADMIN)
            .body("{\"name\":\"../etc/passwd\",\"content\":\"# Rules\\n\\nBe kind.\"}")
            .post("/v1/priors"),
        "name");
    Api.as(TestKeys.ADMIN)
        .body("{\"name\":\"%s\",\"content\":\"# R\\n\\nBe kind.\",\"extra\":1}".formatted(name))
        .post("/v1/priors")
        .then()
        .statusCode(400);
    assertEquals(
        0, Db.count("select count(*) from memories where metadata ->> 'prior_file' = ?1", name));

    String agent = Api.unique("bot");
    long memory =
        Api.as(TestKeys.AGENT)
            .body("{\"agent\":\"%s\",\"text\":\"Alice likes tea\"}".formatted(agent))
            .post("/v1/memories")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");
    refused(
        Api.as(TestKeys.AGENT)
            .body("{\"to_memory\":%d,\"type\":\"loves\"}".formatted(memory))
            .post("/v1/memories/" + memory + "/relations"),
        "type");
    assertEquals(
        0, Db.count("select count(*) from memory_relations where from_memory = ?1", memory));
    refused(
        Api.as(TestKeys.AGENT)
            .body("{\"agent\":\"%s\",\"thread\":\" leading space\"}".formatted(agent))
            .post("/v1/sessions/s-1/end"),
        "thread");
    refused(Api.as(TestKeys.ADMIN).queryParam("chat", "c").post("/v1/reflector/run"), "agent");
  }
}
