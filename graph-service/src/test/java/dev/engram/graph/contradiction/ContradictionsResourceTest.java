package dev.engram.graph.contradiction;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Memory ids are longs: capture's ids pass 2^31 on a busy tenant. */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class ContradictionsResourceTest {

  private static final String T = "tenant-b";
  private static final long OLD = 3_000_000_001L;
  private static final long NEW = 3_000_000_002L;

  @AfterEach
  void forget() {
    Ops.apply(List.of(Ops.deleteMemory(T, OLD), Ops.deleteMemory(T, NEW)));
  }

  @Test
  void aMemoryIdBeyondTheIntRangeIsFound() {
    Ops.apply(
        List.of(
            Ops.memory(T, OLD, "bot9", "telegram:9", "Bob drinks coffee", "2026-01-01T00:00:00Z"),
            Ops.memory(
                T, NEW, "bot9", "telegram:9", "Bob never drinks coffee", "2026-01-02T00:00:00Z"),
            Ops.relation(T, 5_000_000_003L, NEW, OLD, "CONTRADICTS", 0.8)));

    given()
        .header("Authorization", TestKeys.AGENT_B)
        .queryParam("memory_id", Long.toString(OLD))
        .when()
        .get("/v1/contradictions")
        .then()
        .statusCode(200)
        .body("relations", hasSize(1))
        .body("relations[0].relation_id", equalTo(5_000_000_003L))
        .body("relations[0].from.id", equalTo(NEW))
        .body("relations[0].to.id", equalTo(OLD));
  }

  @Test
  void aMemoryIdThatIsNotANumberIsA400NamingIt() {
    given()
        .header("Authorization", TestKeys.AGENT_B)
        .queryParam("memory_id", "forty-two")
        .when()
        .get("/v1/contradictions")
        .then()
        .statusCode(400)
        .body("errors[0].field", equalTo("memory_id"));
  }
}
