package dev.engram.recall.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import dev.engram.recall.context.SlotSource;
import dev.engram.recall.index.DocKind;
import dev.engram.recall.recall.GraphNeighbours;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * recall-service calls graph-service and capture-service as docs/contracts says: its clients send
 * the fixture requests for the fixture's inputs, and read the fixture responses.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class CalledContractsTest {

  @Inject GraphNeighbours graph;
  @Inject SlotSource slots;

  @AfterEach
  void resetStubs() {
    RecallTestResources.graph().reset();
    RecallTestResources.slots().reset();
  }

  @Test
  void graphNeighbours() throws Exception {
    ServiceStub stub = RecallTestResources.graph();
    stub.reset();
    stub.answerWithFixture();
    JsonNode request = Contracts.json("graph-neighbours", "request.json");
    List<GraphNeighbours.Item> items =
        graph
            .neighbours(
                new GraphNeighbours.Query(
                    request.get("tenant").asText(),
                    request.get("agent").asText(),
                    request.get("chat").asText(),
                    request.get("query").asText(),
                    request.get("max_hops").asInt(),
                    request.get("limit").asInt(),
                    Instant.parse(request.get("as_of").asText())))
            .get();
    Contracts.assertMatches(request, stub.received().getLast().body());
    // recall keeps what the graph signal ranks by: kind, id and score, best first
    List<GraphNeighbours.Item> expected = new ArrayList<>();
    for (JsonNode item : Contracts.json("graph-neighbours", "response.json").get("items")) {
      expected.add(
          new GraphNeighbours.Item(
              DocKind.valueOf(item.get("kind").asText().toUpperCase()),
              item.get("id").asLong(),
              item.get("score").asDouble()));
    }
    assertEquals(expected, items);
  }

  @Test
  void slotsForContext() throws Exception {
    ServiceStub stub = RecallTestResources.slots();
    stub.reset();
    stub.answerWithFixture();
    JsonNode query = Contracts.json("slots", "request.json").get("query");
    // the client's deadline (500 ms in tests) is about latency, not the contract: a loaded
    // machine may need a second try
    List<SlotSource.Slot> got = null;
    for (int attempt = 1; got == null; attempt++) {
      try {
        got =
            slots
                .slots(
                    query.get("tenant").asText(),
                    query.get("agent").asText(),
                    query.get("session").asText(),
                    query.get("thread").asText())
                .get();
      } catch (java.util.concurrent.ExecutionException e) {
        if (attempt == 5) {
          throw e;
        }
      }
    }
    Map<String, String> sent = ServiceStub.query(stub.received().getLast().query());
    Contracts.assertMatches(
        query,
        Contracts.parse(
            new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(sent)));
    List<SlotSource.Slot> expected = new ArrayList<>();
    for (JsonNode slot : Contracts.json("slots", "response.json").get("slots")) {
      expected.add(
          new SlotSource.Slot(
              slot.get("owner_type").asText(),
              slot.get("owner_id").asText(),
              slot.get("name").asText(),
              slot.get("content").asText()));
    }
    assertEquals(expected, got);
  }
}
