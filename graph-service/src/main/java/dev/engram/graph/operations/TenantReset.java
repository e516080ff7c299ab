package dev.engram.graph.operations;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code reset}: removes a tenant's projection (memories, exchanges, entities with their aliases
 * and merge records, facts, relations) before a rebuild. Beliefs and their evidence exist only in
 * the graph and stay. Deletes in chunks, each its own transaction, so a large tenant does not need
 * one huge transaction.
 */
@ApplicationScoped
public class TenantReset {

  /**
   * Facts first, on their own: a hub entity can hold thousands of them, and deleting them with
   * their entities made one chunk exceed Neo4j's transaction memory pool (seen at 100k facts). Then
   * one statement per label, each deleting its nodes and the relationships left (mentions, sources,
   * relations, alias links: a few per node) in chunks.
   */
  static final List<String> STATEMENTS =
      Stream.concat(
              Stream.of(
                  """
                  MATCH ()-[f:FACT {tenant: $tenant}]->()
                  CALL (f) { DELETE f } IN TRANSACTIONS OF 5000 ROWS"""),
              // The per-view centrality is derived from the facts: it goes with them, or a reset
              // tenant would keep scores for entities that no longer exist until the next run.
              Stream.of(
                      "Memory",
                      "Exchange",
                      "Alias",
                      "EntityMerge",
                      "Entity",
                      "ViewCentrality",
                      "CentralityView")
                  .map(
                      label ->
                          """
                          MATCH (n:%s {tenant: $tenant})
                          CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS"""
                              .formatted(label)))
          .toList();

  private final Neo4jClient neo4j;
  private final Duration timeout;

  TenantReset(Neo4jClient neo4j, GraphConfig config) {
    this.neo4j = neo4j;
    this.timeout = config.operations().batchTimeout();
  }

  /** Removes the tenant's projection (not its beliefs), chunk by chunk, each chunk committed. */
  public void reset(String tenant) {
    for (String statement : STATEMENTS) {
      neo4j.write(statement, Map.of("tenant", tenant), row -> row, timeout);
    }
  }
}
