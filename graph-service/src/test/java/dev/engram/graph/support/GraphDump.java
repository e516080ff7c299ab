package dev.engram.graph.support;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Session;

/**
 * Test access to Neo4j itself: a tenant's whole graph as sorted text lines (nodes and relationships
 * with all their properties, without Neo4j's internal ids) to compare two states, and wiping test
 * tenants.
 */
public final class GraphDump {

  private GraphDump() {}

  public static List<String> of(Driver driver, String tenant) {
    try (Session session = driver.session()) {
      List<String> nodes =
          session.executeRead(
              tx ->
                  tx.run(
                          "MATCH (n {tenant: $tenant}) RETURN labels(n) AS labels,"
                              + " properties(n) AS props",
                          Map.of("tenant", tenant))
                      .list(r -> r.get("labels").asList() + " " + sorted(r.get("props").asMap())));
      List<String> relationships =
          session.executeRead(
              tx ->
                  tx.run(
                          """
                          MATCH (a {tenant: $tenant})-[r]->(b)
                          RETURN labels(a)[0] + ':' + coalesce(toString(a.id), a.key) AS a,
                                 type(r) AS type, properties(r) AS props,
                                 labels(b)[0] + ':' + coalesce(toString(b.id), b.key) AS b""",
                          Map.of("tenant", tenant))
                      .list(
                          r ->
                              r.get("a").asString()
                                  + " -"
                                  + r.get("type").asString()
                                  + sorted(r.get("props").asMap())
                                  + "-> "
                                  + r.get("b").asString()));
      return Stream.concat(nodes.stream(), relationships.stream()).sorted().toList();
    }
  }

  private static String sorted(Map<String, Object> properties) {
    return new TreeMap<>(properties).toString();
  }

  /** Deletes everything of the given tenants, beliefs included. */
  public static void wipe(Driver driver, String... tenants) {
    try (Session session = driver.session()) {
      session.executeWrite(
          tx ->
              tx.run(
                      "MATCH (n) WHERE n.tenant IN $tenants DETACH DELETE n",
                      Map.of("tenants", List.of(tenants)))
                  .consume());
    }
  }

  /** Runs one statement (for test setup or checks). */
  public static List<org.neo4j.driver.Record> run(
      Driver driver, String cypher, Map<String, Object> parameters) {
    try (Session session = driver.session()) {
      return session.executeWrite(tx -> tx.run(cypher, parameters).list());
    }
  }
}
