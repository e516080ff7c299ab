package dev.engram.capture.slot;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.common.Sha256;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class SlotApiTest {

  @Test
  void aSlotIsOverwrittenOnlyAtTheVersionTheWriterSaw() {
    String agent = Api.unique("bot");
    String url = "/v1/agents/" + agent + "/slots/hot_context";
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"Working on the Q3 report\",\"expected_version\":0}")
        .put(url)
        .then()
        .statusCode(200)
        .body("version", equalTo(1))
        .body("owner_type", equalTo("AGENT"))
        .body("content_sha256", equalTo(Sha256.hex("Working on the Q3 report")));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"again\",\"expected_version\":0}")
        .put(url)
        .then()
        .statusCode(409)
        .body("code", equalTo("version_conflict"))
        .body("current_version", equalTo(1));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"Q3 report: drafting section 2\",\"expected_version\":1}")
        .put(url)
        .then()
        .statusCode(200)
        .body("version", equalTo(2));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"stale writer\",\"expected_version\":1}")
        .put(url)
        .then()
        .statusCode(409);
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"last writer wins without a version\"}")
        .put(url)
        .then()
        .statusCode(200)
        .body("version", equalTo(3));
    Api.as(TestKeys.AGENT)
        .get(url)
        .then()
        .statusCode(200)
        .body("content", equalTo("last writer wins without a version"))
        .body("tokens", equalTo(6));
    Api.as(TestKeys.OTHER_TENANT).get(url).then().statusCode(404);
  }

  @Test
  void sessionAndThreadSlotsAreSeparate() {
    String agent = Api.unique("bot");
    String base = "/v1/agents/" + agent;
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"session notes\"}")
        .put(base + "/sessions/s-1/slots/working_memory")
        .then()
        .statusCode(200)
        .body("owner_type", equalTo("SESSION"))
        .body("owner_id", equalTo("s-1"));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"handoff for the next run\"}")
        .put(base + "/threads/proj-x/slots/working_memory")
        .then()
        .statusCode(200)
        .body("owner_type", equalTo("THREAD"));
    Api.as(TestKeys.AGENT)
        .get(base + "/sessions/s-1/slots/working_memory")
        .then()
        .body("content", equalTo("session notes"));
    Api.as(TestKeys.AGENT).get(base + "/sessions/s-1/slots").then().body("items", hasSize(1));
    Api.as(TestKeys.AGENT).get(base + "/sessions/s-2/slots/working_memory").then().statusCode(404);
    Api.as(TestKeys.AGENT).get(base + "/slots/working_memory").then().statusCode(404);
    Api.as(TestKeys.AGENT)
        .delete(base + "/threads/proj-x/slots/working_memory")
        .then()
        .statusCode(204);
    Api.as(TestKeys.AGENT)
        .get(base + "/threads/proj-x/slots/working_memory")
        .then()
        .statusCode(404)
        .body("code", equalTo("slot_not_found"));
  }

  @Test
  void contentOverTheTokenCapAndBadNamesAreRefused() {
    String agent = Api.unique("bot");
    String url = "/v1/agents/" + agent + "/slots/hot_context";
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"" + "word ".repeat(60) + "\"}")
        .put(url)
        .then()
        .statusCode(413)
        .body("code", equalTo("slot_too_large"))
        .body("max_tokens", equalTo(50));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"x\"}")
        .put("/v1/agents/" + agent + "/slots/Bad Name!")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("name"));
    Api.as(TestKeys.AGENT).body("{}").put(url).then().statusCode(400);
    Api.as(TestKeys.AGENT).get(url).then().statusCode(404);
  }

  @Test
  void everySlotWriteIsAudited() {
    String agent = Api.unique("bot");
    String url = "/v1/agents/" + agent + "/slots/hot_context";
    Api.as(TestKeys.AGENT).body("{\"content\":\"v1\"}").put(url).then().statusCode(200);
    Api.as(TestKeys.AGENT).body("{\"content\":\"v2\"}").put(url).then().statusCode(200);
    List<Object[]> audit =
        Db.rows(
            "select operation, cast(before as text), cast(after as text) from audit_log"
                + " where target_type = 'slot' and target_id = ?1 order by id",
            agent + "/agent/" + agent + "/hot_context");
    assertEquals(2, audit.size());
    assertTrue(((String) audit.get(1)[1]).contains("\"v1\""));
    assertTrue(((String) audit.get(1)[2]).contains("\"v2\""));
  }
}
