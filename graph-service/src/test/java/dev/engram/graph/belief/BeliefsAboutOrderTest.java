package dev.engram.graph.belief;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.graph.scope.Visibility;
import dev.engram.graph.support.GraphDump;
import dev.engram.graph.support.Neo4jTestServer;
import dev.engram.graph.support.TestKeys;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;

/**
 * Issue 14: the context's beliefs lookup orders a name's beliefs before checking them, so a common
 * name's hundreds of beliefs are not all read in full. The answer must be the one the statement
 * that checked first gave (kept here as {@link #CHECKED_FIRST}) for every name set, limit and mode,
 * among equal revision times, beliefs not revised yet, other modes and loops left behind.
 */
@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class BeliefsAboutOrderTest {

  private static final String T = "tenant-a";
  private static final String[] NAMES = {"ada", "bob", "cleo", "dan"};

  /** The statement before: every candidate checked, then sorted and cut. */
  private static final String CHECKED_FIRST =
      """
      UNWIND $keys AS key
      MATCH (b:Belief)-[:BELIEF_KEY {tenant: $tenant, key: key}]->(b)
      WITH DISTINCT b
      WHERE b.tenant = $tenant AND b.strength IS NOT NULL
        AND any(k IN b.entity_keys WHERE k IN $keys) AND %s
      RETURN b.id AS id, b.statement AS statement, b.strength AS strength,
             b.confidence AS confidence, b.evidence_count AS evidence_count,
             COUNT { (v:Evidence)-[:EVIDENCE_FOR]->(b) WHERE v.contradicting } AS contradicting,
             coalesce(b.contradicted, false) AS contradicted
      ORDER BY b.updated_at DESC, b.id
      LIMIT $limit"""
          .formatted(Visibility.modes("b"));

  @Inject Driver driver;

  @BeforeEach
  void seed() {
    GraphDump.wipe(driver, T, "tenant-b");
    List<Map<String, Object>> beliefs = new ArrayList<>();
    for (int i = 0; i < 240; i++) {
      List<String> keys = new ArrayList<>();
      for (int n = 0; n < NAMES.length; n++) {
        if ((i + n) % (n + 2) == 0) {
          keys.add(NAMES[n]);
        }
      }
      Map<String, Object> b = new HashMap<>();
      b.put("id", "b-%03d".formatted((i * 37) % 240));
      b.put("keys", keys);
      // Every third shares its revision time with its neighbour: the id must break the tie.
      b.put("minute", i / 3 * 2 + (i % 3 == 2 ? 1 : 0));
      b.put("revised", i % 11 != 0); // not revised yet: no strength, never listed
      b.put("modes", i % 7 == 0 ? List.of("work") : i % 5 == 0 ? List.of("play") : null);
      b.put("contradicting", i % 4);
      // A loop left behind by an import: the belief does not name the key any more.
      b.put("stale", i % 13 == 0 ? "ada" : null);
      beliefs.add(b);
    }
    GraphDump.run(
        driver,
        """
        UNWIND $beliefs AS row
        CREATE (b:Belief {tenant: $tenant, id: row.id, statement: 'belief ' + row.id,
                          entity_keys: row.keys, evidence_count: row.contradicting + 1,
                          confidence: 0.5, modes: row.modes,
                          updated_at: datetime('2026-05-08T10:00:00Z')
                                      + duration({minutes: row.minute})})
        // Strengths exact in a float: the test client reads JSON numbers as floats.
        SET b.strength = CASE WHEN row.revised THEN 0.25 + row.minute / 1024.0 END,
            b.contradicted = CASE WHEN row.contradicting = 3 THEN true END
        FOREACH (key IN row.keys + coalesce([row.stale], []) |
          CREATE (b)-[:BELIEF_KEY {tenant: $tenant, key: key}]->(b))
        FOREACH (n IN range(0, row.contradicting) |
          CREATE (:Evidence {tenant: $tenant, id: row.id + '-' + n, contradicting: n > 0})
                 -[:EVIDENCE_FOR {tenant: $tenant}]->(b))
        """,
        Map.of("tenant", T, "beliefs", beliefs));
  }

  @Test
  void theAnswerIsTheOneOfTheStatementThatCheckedFirst() {
    List<List<String>> nameSets =
        List.of(
            List.of("ada"),
            List.of("bob"),
            List.of("dan", "cleo"),
            List.of("ada", "bob", "cleo", "dan"),
            List.of("eve"),
            List.of("eve", "cleo"));
    int compared = 0;
    int full = 0;
    for (List<String> names : nameSets) {
      for (int limit : new int[] {1, 3, 10, 100}) {
        for (String mode : new String[] {null, "work", "play"}) {
          List<Map<String, Object>> expected = reference(names, limit, mode);
          assertEquals(expected, served(names, limit, mode), names + " " + limit + " " + mode);
          compared++;
          full += expected.size() == limit ? 1 : 0;
        }
      }
    }
    assertEquals(72, compared);
    assertTrue(full > 30, "most comparisons fill their limit: " + full);
  }

  private List<Map<String, Object>> reference(List<String> names, int limit, String mode) {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("tenant", T);
    parameters.put("keys", names);
    parameters.put("limit", limit);
    parameters.put("mode", mode);
    return GraphDump.run(driver, CHECKED_FIRST, parameters).stream()
        .map(
            r -> {
              Map<String, Object> belief = new HashMap<>();
              belief.put("id", r.get("id").asString());
              belief.put("statement", r.get("statement").asString());
              belief.put("strength", r.get("strength").asDouble());
              belief.put("confidence", r.get("confidence").asDouble());
              belief.put("evidence_count", r.get("evidence_count").asLong());
              belief.put("contradicting_evidence", r.get("contradicting").asLong());
              belief.put("contradicted", r.get("contradicted").asBoolean());
              return belief;
            })
        .toList();
  }

  private static List<Map<String, Object>> served(List<String> names, int limit, String mode) {
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", T);
    body.put("entities", names);
    body.put("limit", limit);
    body.put("mode", mode);
    List<Map<String, Object>> beliefs =
        given()
            .header("Authorization", TestKeys.INTERNAL)
            .contentType("application/json")
            .body(body)
            .post("/internal/v1/graph/beliefs/about")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("beliefs");
    return beliefs.stream()
        .map(
            b -> {
              Map<String, Object> belief = new HashMap<>(b);
              belief.put("strength", ((Number) b.get("strength")).doubleValue());
              belief.put("confidence", ((Number) b.get("confidence")).doubleValue());
              belief.put("evidence_count", ((Number) b.get("evidence_count")).longValue());
              belief.put(
                  "contradicting_evidence", ((Number) b.get("contradicting_evidence")).longValue());
              return belief;
            })
        .toList();
  }
}
