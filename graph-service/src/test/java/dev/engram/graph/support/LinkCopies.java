package dev.engram.graph.support;

import java.util.List;
import java.util.Map;
import org.neo4j.driver.Driver;

/**
 * Checks the copy of an item's order that every link from a memory or exchange to an entity carries
 * (V005, {@code LinkOrder}): a write path that forgets it makes neighbours miss or misorder items,
 * so tests of each write path assert that no link of the tenant is stale.
 */
public final class LinkCopies {

  private LinkCopies() {}

  /** The links of {@code tenant} whose copy is missing or differs from their ends, described. */
  public static List<String> stale(Driver driver, String tenant) {
    return GraphDump.run(
            driver,
            """
            MATCH (n)-[r:MENTIONS|SOURCE_OF]->(e:Entity {tenant: $tenant})
            WITH n, r, e,
                 CASE WHEN n:Memory
                      THEN {entity: e.id, rank: coalesce(n.confidence, 1.0), memory: n.id,
                            exchange: null}
                      ELSE {entity: e.id, rank: null, memory: null, exchange: n.id} END AS want,
                 {entity: r.entity, rank: r.rank, memory: r.memory, exchange: r.exchange} AS got
            WHERE any(k IN keys(want)
                      WHERE NOT coalesce(want[k] = got[k], want[k] IS NULL AND got[k] IS NULL))
            RETURN type(r) + ' ' + toString(n.id) + '->' + e.id AS link, want, got
            ORDER BY link""",
            Map.of("tenant", tenant))
        .stream()
        .map(r -> r.get("link").asString() + " want " + r.get("want") + " got " + r.get("got"))
        .toList();
  }
}
