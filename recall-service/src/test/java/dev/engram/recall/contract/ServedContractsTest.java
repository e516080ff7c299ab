package dev.engram.recall.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.Contracts;
import dev.engram.contracts.fixtures.Served;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * recall-service serves its internal APIs as docs/contracts says: the fixture requests capture
 * sends get the fixture responses, and the invalid examples their 400 problem.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class ServedContractsTest {

  private static final Served SERVED = new Served("test-internal-key");

  static final String OPERATIONS = "/internal/v1/index/operations";
  static final String SIMILAR = "/internal/v1/similar";

  @Test
  void indexOperations() {
    JsonNode answer =
        SERVED.post(OPERATIONS, Contracts.json("index-operations", "request.json"), 200);
    Contracts.assertMatches(Contracts.json("index-operations", "response.json"), answer);
    assertInvalid("index-operations", OPERATIONS);
  }

  @Test
  void similarMemories() {
    SERVED.post(OPERATIONS, Contracts.json("index-operations", "request.json"), 200);
    for (String request : Contracts.examples("similar", "request")) {
      JsonNode answer = SERVED.post(SIMILAR, Contracts.json("similar", request), 200);
      // cosine of two embeddings: a property of the model, not of the contract
      Contracts.assertMatches(
          Contracts.json("similar", request.replace("request", "response")),
          answer,
          "items.*.score");
    }
    assertInvalid("similar", SIMILAR);
  }

  @Test
  void exportAndImport() {
    SERVED.post(OPERATIONS, Contracts.json("index-operations", "request.json"), 200);
    // the vectors are the embedding model's; the contract is 384 numbers
    List<JsonNode> export = SERVED.export();
    Contracts.assertExport(Contracts.ndjson("export", "recall.ndjson"), export, "record.vector");
    JsonNode answer =
        SERVED.importBody(
            Contracts.text("import", "recall.ndjson"), "mode=merge&dry_run=false", 200);
    Contracts.assertMatches(Contracts.json("import", "recall-response.json"), answer);
  }

  /** The invalid example gets 400 problem+json with the fixture's code and field. */
  static void assertInvalid(String api, String path) {
    JsonNode expected = Contracts.json(api, "invalid-response.json");
    JsonNode problem = SERVED.post(path, Contracts.json(api, "invalid-request.json"), 400);
    assertEquals(expected.get("code"), problem.get("code"), problem.toString());
    for (JsonNode error : expected.path("errors")) {
      assertEquals(
          true,
          problem.path("errors").findValuesAsText("field").contains(error.get("field").asText()),
          problem.toString());
    }
  }
}
