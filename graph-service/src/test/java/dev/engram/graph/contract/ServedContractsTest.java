package dev.engram.graph.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.Contracts;
import dev.engram.contracts.fixtures.Served;
import dev.engram.graph.support.Neo4jTestServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * graph-service serves its internal APIs as docs/contracts says: the fixture requests capture and
 * recall send get the fixture responses, and the invalid examples their 400 problem.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class ServedContractsTest {

  private static final Served SERVED = new Served("graph-internal-secret");

  static final String OPERATIONS = "/internal/v1/graph/operations";
  static final String NEIGHBOURS = "/internal/v1/graph/neighbours";
  static final String CURRENT_FACTS = "/internal/v1/graph/facts/current";
  static final String BELIEFS_ABOUT = "/internal/v1/graph/beliefs/about";

  @Test
  void graphOperations() {
    JsonNode answer =
        SERVED.post(OPERATIONS, Contracts.json("graph-operations", "request.json"), 200);
    Contracts.assertMatches(Contracts.json("graph-operations", "response.json"), answer);
    assertInvalid("graph-operations", OPERATIONS);
  }

  @Test
  void neighbours() {
    // the graph the operations fixture leaves (it starts with a reset of its tenant)
    SERVED.post(OPERATIONS, Contracts.json("graph-operations", "request.json"), 200);
    for (String request : Contracts.examples("graph-neighbours", "request")) {
      JsonNode answer = SERVED.post(NEIGHBOURS, Contracts.json("graph-neighbours", request), 200);
      // centrality (computed in the background) and timing are not contract; entity ids are
      // stable (derived from the name)
      Contracts.assertMatches(
          Contracts.json("graph-neighbours", request.replace("request", "response")),
          answer,
          "took_ms",
          "entities.*.centrality");
    }
    assertInvalid("graph-neighbours", NEIGHBOURS);
  }

  @Test
  void currentFacts() {
    // the operations fixture gives tenant t2 a belief, which request-beliefs asks for beside facts
    SERVED.post(OPERATIONS, Contracts.json("graph-operations", "request.json"), 200);
    SERVED.post(OPERATIONS, CurrentFactsSeed.operations(), 200);
    for (String request : Contracts.examples("graph-current-facts", "request")) {
      JsonNode answer =
          SERVED.post(CURRENT_FACTS, Contracts.json("graph-current-facts", request), 200);
      // entity ids are derived from the names; the fixture's are invented
      Contracts.assertMatches(
          Contracts.json("graph-current-facts", request.replace("request", "response")),
          answer,
          "took_ms",
          "entities.*.id",
          "facts.*.subject.id",
          "facts.*.object.id",
          "beliefs.*.id",
          "beliefs.*.strength",
          "beliefs.*.confidence");
    }
    assertInvalid("graph-current-facts", CURRENT_FACTS);
  }

  @Test
  void exportAndImport() {
    SERVED.post(OPERATIONS, Contracts.json("graph-operations", "request.json"), 200);
    Contracts.assertExportAnyOrderWithinStreams(
        Contracts.ndjson("export", "graph.ndjson"), SERVED.export());
    JsonNode answer =
        SERVED.importBody(
            Contracts.text("import", "graph.ndjson"), "mode=merge&dry_run=false", 200);
    Contracts.assertMatches(Contracts.json("import", "graph-response.json"), answer);
  }

  @Test
  void beliefsAbout() {
    // the operations fixture records one piece of evidence for tenant t2 ("Alice lives in Porto")
    SERVED.post(OPERATIONS, Contracts.json("graph-operations", "request.json"), 200);
    for (String request : Contracts.examples("graph-beliefs-about", "request")) {
      JsonNode answer =
          SERVED.post(BELIEFS_ABOUT, Contracts.json("graph-beliefs-about", request), 200);
      // the id is a hash of the statement and the truth value depends on the revision rule's
      // settings; both sides must only agree on their types
      Contracts.assertMatches(
          Contracts.json("graph-beliefs-about", request.replace("request", "response")),
          answer,
          "beliefs.*.id",
          "beliefs.*.strength",
          "beliefs.*.confidence");
    }
    assertInvalid("graph-beliefs-about", BELIEFS_ABOUT);
  }

  /** The invalid example gets 400 problem+json with the fixture's code and field. */
  static void assertInvalid(String api, String path) {
    JsonNode expected = Contracts.json(api, "invalid-response.json");
    JsonNode problem = SERVED.post(path, Contracts.json(api, "invalid-request.json"), 400);
    assertEquals(expected.get("code"), problem.get("code"), problem.toString());
    for (JsonNode error : expected.path("errors")) {
      String field = error.get("field").asText();
      assertTrue(
          problem.path("errors").findValuesAsText("field").contains(field),
          field + " named in " + problem);
    }
  }
}
