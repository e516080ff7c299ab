package dev.engram.graph.backup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * A tenant's belief settings (its revision rule) travel with the graph backup: a restore gives the
 * tenant back the rule it had chosen, not the default; an archive made before the stream existed
 * still restores.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class BeliefSettingsBackupTest {

  private static final String T = "tenant-a";
  private static final String B = "tenant-b";
  private static final String STREAM = "belief_settings";

  @Inject Driver driver;

  @BeforeEach
  void startEmpty() {
    GraphDump.wipe(driver, T, B);
  }

  @Test
  void theRuleATenantChoseSurvivesExportAndImportIntoAnEmptyGraph() throws IOException {
    choose(TestKeys.ADMIN_A, "EMA");
    List<JsonNode> lines = GraphBackups.export();
    List<JsonNode> mine = settingsOf(lines, T);
    assertEquals(1, mine.size(), "one settings record per tenant");
    JsonNode record = mine.getFirst().get("record");
    assertEquals("EMA", record.get("rule").asText());
    assertEquals(null, record.get("id"), "keyed by the tenant alone");
    String updatedAt = record.get("updated_at").asText();
    assertEquals(0, settingsOf(lines, B).size(), "a tenant that never chose exports none");

    GraphDump.wipe(driver, T, B);
    settings(TestKeys.ADMIN_A).body("rule", equalTo("NAL")).body("updated_at", nullValue());
    GraphBackups.load("replace", false, GraphBackups.body(mine, List.of(STREAM)))
        .statusCode(200)
        .body("counts.belief_settings.received", equalTo(1))
        .body("counts.belief_settings.inserted", equalTo(1));

    settings(TestKeys.ADMIN_A).body("rule", equalTo("EMA")).body("updated_at", equalTo(updatedAt));
    settings(TestKeys.ADMIN_B).body("rule", equalTo("NAL"));
    assertEquals(mine, settingsOf(GraphBackups.export(), T), "and it exports the same");
  }

  @Test
  void mergeKeepsTheRuleChosenSinceAndAddsAMissingOne() throws IOException {
    choose(TestKeys.ADMIN_A, "EMA");
    List<JsonNode> archived = settingsOf(GraphBackups.export(), T);
    choose(TestKeys.ADMIN_A, "NAL");

    GraphBackups.load("merge", false, GraphBackups.body(archived, List.of(STREAM)))
        .statusCode(200)
        .body("counts.belief_settings.unchanged", equalTo(1));
    settings(TestKeys.ADMIN_A).body("rule", equalTo("NAL"));

    GraphDump.wipe(driver, T);
    GraphBackups.load("merge", true, GraphBackups.body(archived, List.of(STREAM)))
        .statusCode(200)
        .body("applied", equalTo(false))
        .body("counts.belief_settings.inserted", equalTo(1));
    settings(TestKeys.ADMIN_A).body("rule", equalTo("NAL")).body("updated_at", nullValue());
    GraphBackups.load("merge", false, GraphBackups.body(archived, List.of(STREAM)))
        .statusCode(200)
        .body("counts.belief_settings.inserted", equalTo(1));
    settings(TestKeys.ADMIN_A).body("rule", equalTo("EMA"));
  }

  @Test
  void anArchiveFromBeforeTheStreamRestoresAndReplaceLeavesTheDefaultRule() throws IOException {
    choose(TestKeys.ADMIN_A, "EMA");
    // An export as graph-service wrote it before belief settings were a stream.
    JsonNode belief =
        GraphBackups.JSON.readTree(
            "{\"stream\":\"beliefs\",\"record\":{\"tenant\":\""
                + T
                + "\",\"id\":\"b-old\",\"statement\":\"Alice likes Porto\",\"frequency\":0.9,"
                + "\"confidence\":0.6,\"evidence_count\":1,"
                + "\"updated_at\":\"2026-01-01T00:00:00Z\"}}");
    List<String> old =
        List.of(
            "entities",
            "merges",
            "memories",
            "exchanges",
            "facts",
            "relations",
            "beliefs",
            "evidence");
    ValidatableResponse answer =
        GraphBackups.load("replace", false, GraphBackups.body(List.of(belief), old))
            .statusCode(200)
            .body("counts.beliefs.inserted", equalTo(1));
    answer.body("counts", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey(STREAM)));

    // The archive holds the tenant as it was before it chose: on the default rule.
    settings(TestKeys.ADMIN_A).body("rule", equalTo("NAL")).body("updated_at", nullValue());
  }

  @Test
  void aSettingsRecordWithAnIdIsRefused() throws IOException {
    ObjectNode record = GraphBackups.JSON.createObjectNode();
    record.put("tenant", T).put("id", "s-1").put("rule", "EMA");
    ObjectNode line = GraphBackups.JSON.createObjectNode();
    line.put("stream", STREAM).set("record", record);
    GraphBackups.load("merge", false, GraphBackups.body(List.of(line), List.of(STREAM)))
        .statusCode(400)
        .body("detail", org.hamcrest.Matchers.containsString("belief_settings.id"));
    settings(TestKeys.ADMIN_A).body("rule", equalTo("NAL"));
  }

  private static List<JsonNode> settingsOf(List<JsonNode> lines, String tenant) {
    return lines.stream()
        .filter(l -> STREAM.equals(l.path("stream").asText()))
        .filter(l -> tenant.equals(l.get("record").get("tenant").asText()))
        .toList();
  }

  private static void choose(String key, String rule) {
    given()
        .header("Authorization", key)
        .contentType("application/json")
        .body(Map.of("rule", rule))
        .put("/v1/beliefs/settings")
        .then()
        .statusCode(200);
  }

  private static ValidatableResponse settings(String key) {
    return given().header("Authorization", key).get("/v1/beliefs/settings").then();
  }
}
