package dev.engram.capture.contract;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.GraphStub;
import dev.engram.capture.RecallStub;
import dev.engram.capture.TestKeys;
import dev.engram.capture.client.GraphOperation;
import dev.engram.capture.client.IndexOperation;
import dev.engram.capture.client.SimilarMemories;
import dev.engram.contracts.fixtures.Contracts;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * capture-service calls recall-service and graph-service as docs/contracts says: its clients'
 * request records, written by the service's own ObjectMapper (the one its REST clients use), are
 * the fixture requests exactly, and they read the fixture responses without loss; a memory stored
 * through the API reaches the stubs as the fixtures' memory documents. That everything else the
 * outbox sends has the fixtures' shapes is checked on every delivery by {@code RecallStub} and
 * {@code GraphStub}, which refuse anything else.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class CalledContractsTest {

  @Inject ObjectMapper json;

  @Test
  void indexOperations() throws Exception {
    roundTrip("index-operations", IndexOperation.Batch.class, IndexOperation.Result.class);
    var result = read("index-operations", IndexOperation.Result.class);
    JsonNode expected = Contracts.json("index-operations", "response.json");
    assertEquals(expected.get("applied").asInt(), result.applied());
    assertEquals(expected.get("skipped").asInt(), result.skipped());
  }

  @Test
  void graphOperations() throws Exception {
    roundTrip("graph-operations", GraphOperation.Batch.class, GraphOperation.Result.class);
    var result = read("graph-operations", GraphOperation.Result.class);
    JsonNode expected = Contracts.json("graph-operations", "response.json");
    assertEquals(expected.get("applied").asInt(), result.applied());
    assertEquals(expected.get("skipped").asInt(), result.skipped());
  }

  @Test
  void similarMemories() throws Exception {
    for (String example : Contracts.examples("similar", "request")) {
      JsonNode request = Contracts.json("similar", example);
      // what SimilarMemories.nearest builds from its arguments: memories only
      var built =
          new SimilarMemories.Request(
              request.get("tenant").asText(),
              request.get("agent").asText(),
              request.get("chat").textValue(),
              request.get("text").asText(),
              List.of("memory"),
              request.get("k").asInt(),
              request.get("min_score").asDouble());
      Contracts.assertMatches(request, json.valueToTree(built));
    }
    roundTrip("similar", SimilarMemories.Request.class, SimilarMemories.Result.class);
    JsonNode item = Contracts.json("similar", "response.json").get("items").get(0);
    assertEquals(
        new SimilarMemories.Item(
            item.get("id").asLong(),
            item.get("kind").asText(),
            item.get("score").asDouble(),
            item.get("text").asText()),
        read("similar", SimilarMemories.Result.class).items().get(0));
  }

  @Test
  void theOutboxProjectsAMemoryAsTheFixturesSay() {
    JsonNode upsert = Contracts.json("index-operations", "request.json").at("/operations/1");
    JsonNode node = Contracts.json("graph-operations", "request.json").at("/operations/1");
    JsonNode doc = upsert.get("document");
    Map<String, Object> memory = new LinkedHashMap<>();
    for (String field : List.of("agent", "chat", "thread", "session", "scope", "category")) {
      memory.put(field, doc.get(field).asText());
    }
    memory.put("text", doc.get("text").asText());
    memory.put("confidence", doc.get("confidence").asDouble());
    memory.put("source", doc.get("source").asText());
    memory.put("metadata", doc.get("metadata"));
    memory.put("expires_at", doc.get("expires_at").asText());
    long id =
        Api.as(TestKeys.ADMIN)
            .body(memory)
            .post("/v1/memories")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");
    RecallStub recall = CaptureTestResources.recall();
    GraphStub graph = CaptureTestResources.graph();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> indexed(recall, id) != null && !graph.about("memory", id).isEmpty());
    // what the record assigns (tenant from the key, id, version, time) and provenance the API
    // call has none of are the only differences from the fixtures
    Contracts.assertMatches(
        upsert,
        indexed(recall, id),
        "document.tenant",
        "document.id",
        "document.version",
        "document.created_at",
        "document.source_exchange_ids");
    Contracts.assertMatches(
        node,
        graph.about("memory", id).getLast(),
        "memory.tenant",
        "memory.id",
        "memory.version",
        "memory.created_at",
        "memory.source_exchange_ids");
  }

  private static JsonNode indexed(RecallStub recall, long id) {
    return recall.received().stream()
        .filter(op -> op.at("/document/kind").asText().equals("memory"))
        .filter(op -> op.at("/document/id").asLong() == id)
        .reduce((first, last) -> last)
        .orElse(null);
  }

  /**
   * The fixture request read into the client's records and written back is the fixture request
   * (every field named and typed as the contract says, nulls included); likewise the response.
   */
  private void roundTrip(String api, Class<?> request, Class<?> response) throws Exception {
    for (String file : new String[] {"request.json", "response.json"}) {
      JsonNode fixture = Contracts.json(api, file);
      Class<?> type = file.startsWith("request") ? request : response;
      Object records = json.treeToValue(fixture, type);
      Contracts.assertMatches(fixture, json.valueToTree(records));
    }
  }

  private <T> T read(String api, Class<T> type) throws Exception {
    return json.readValue(Contracts.text(api, "response.json"), type);
  }
}
