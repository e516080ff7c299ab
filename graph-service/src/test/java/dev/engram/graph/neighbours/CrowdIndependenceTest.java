package dev.engram.graph.neighbours;

import static dev.engram.graph.support.Ops.exchange;
import static dev.engram.graph.support.Ops.fact;
import static dev.engram.graph.support.Ops.memory;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.graph.centrality.CentralityService;
import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.Ops;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * Issue 14: a chat's neighbours (items, order, scores, hops, via and seeds) are the same whether or
 * not other chats of its tenant and other tenants hold data about the same names, including a
 * longer name that only another chat knows, and a seed's centrality counts only the facts the chat
 * sees.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class CrowdIndependenceTest {

  private static final String A = "tenant-a";
  private static final String B = "tenant-b";
  private static final String AT = "2026-03-01T00:00:00Z";

  @Inject Driver driver;
  @Inject CentralityService centrality;

  @Test
  void aChatsNeighboursDoNotDependOnOtherChatsOrTenants() {
    GraphDump.wipe(driver, A, B);
    Ops.apply(chat(A, "c1", 0));
    Map<String, Object> alone = neighbours();
    assertTrue(((List<?>) alone.get("items")).size() >= 4, () -> "too few items: " + alone);

    Ops.apply(chat(A, "c2", 100)); // another chat of the same agent, same names
    Ops.apply(chat(B, "c1", 0)); // another tenant, same ids and names
    Ops.apply(
        List.of(
            memory(A, 701, "bot1", "c2", "Alice Smith is a banker in Porto.", AT),
            memory(A, 702, "bot2", "c1", "Alice and Bob argue about Porto.", AT),
            exchange(A, 71, "bot1", "c3", "Alice Smith phoned Bob.", AT),
            fact(A, 701, "Alice Smith", "lives_in", "Porto")
                .scope("CHAT", "bot1", "c2")
                .sources(701L)
                .op(),
            fact(A, 702, "Alice", "knows", "Carol").scope("AGENT", "bot2", null).op()));
    Map<String, Object> crowded = neighbours();

    assertEquals(alone.get("items"), crowded.get("items"));
    assertEquals(seeds(alone), seeds(crowded));
  }

  @Test
  void aSeedsCentralityCountsOnlyTheFactsTheChatSees() {
    GraphDump.wipe(driver, A, B);
    Ops.apply(chat(A, "c1", 0));
    Ops.apply(List.of(fact(A, 90, "Carol", "knows", "Bob").scope("GLOBAL", null, null).op()));
    centrality.recompute(A);
    Map<String, Object> alone = neighbours();
    assertTrue(
        centralities(alone).values().stream().allMatch(c -> c > 0), () -> "unranked: " + alone);

    // Elsewhere Alice becomes the hub of the tenant: other chats' facts about her.
    List<Map<String, Object>> hub = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      hub.add(fact(A, 800 + i, "Alice", "knows", "Friend" + i).scope("CHAT", "bot1", "c2").op());
      hub.add(fact(A, 900 + i, "Alice", "met", "Guest" + i).scope("AGENT", "bot2", null).op());
    }
    Ops.apply(hub);
    Ops.apply(chat(B, "c1", 0));
    centrality.recompute(A);
    centrality.recompute(B);
    Map<String, Object> crowded = neighbours();

    assertEquals(centralities(alone), centralities(crowded));
    assertEquals(alone.get("items"), crowded.get("items"));

    // Derived from the facts, the per-view scores go with them when the tenant is reset.
    Ops.apply(List.of(Ops.reset(A)));
    try (var session = driver.session()) {
      long left =
          session
              .run(
                  "MATCH (n {tenant: $tenant}) WHERE n:CentralityView OR n:ViewCentrality"
                      + " RETURN count(n) AS n",
                  Map.of("tenant", A))
              .single()
              .get("n")
              .asLong();
      assertEquals(0, left, "a reset tenant kept its per-view centrality");
    }
  }

  /** A chat of bot1: two memories, a turn, two facts; ids shifted by {@code offset}. */
  private static List<Map<String, Object>> chat(String tenant, String chat, long offset) {
    return List.of(
        memory(tenant, 601 + offset, "bot1", chat, "Alice met Bob in Porto.", AT),
        memory(tenant, 602 + offset, "bot1", chat, "Bob works at Initech.", AT),
        memory(tenant, 603 + offset, "bot1", chat, "Alice visited Porto again.", AT),
        exchange(tenant, 61 + offset, "bot1", chat, "Alice said hi to Bob.", AT),
        fact(tenant, 61 + offset, "Alice", "knows", "Bob")
            .scope("CHAT", "bot1", chat)
            .sources(601 + offset)
            .op(),
        fact(tenant, 62 + offset, "Bob", "works_at", "Initech")
            .scope("CHAT", "bot1", chat)
            .confidence(0.7)
            .sources(602 + offset)
            .op());
  }

  private static Map<String, Object> neighbours() {
    return given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/json")
        .body(
            Map.of(
                "tenant", A,
                "agent", "bot1",
                "chat", "c1",
                "query", "Did Alice Smith meet Bob?",
                "max_hops", 2))
        .post("/internal/v1/graph/neighbours")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath()
        .getMap("");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Double> centralities(Map<String, Object> response) {
    Map<String, Double> byName = new java.util.TreeMap<>();
    ((List<Map<String, Object>>) response.get("entities"))
        .forEach(
            e -> byName.put((String) e.get("name"), ((Number) e.get("centrality")).doubleValue()));
    return byName;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> seeds(Map<String, Object> response) {
    return ((List<Map<String, Object>>) response.get("entities"))
        .stream().map(e -> (Object) (e.get("id") + "/" + e.get("name"))).toList();
  }
}
