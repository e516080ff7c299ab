package dev.engram.graph.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * graph-service settings (prefix {@code engram.graph}; env {@code ENGRAM_GRAPH_...}). The Neo4j
 * connection itself is configured with the {@code quarkus.neo4j.*} keys.
 */
@ConfigMapping(prefix = "engram.graph")
public interface GraphConfig {

  /**
   * The longest a query may take, end to end (connecting included), before the caller gets a 503;
   * also sent to Neo4j as the transaction timeout.
   */
  @WithDefault("5s")
  Duration queryTimeout();

  /** The longest the readiness check waits for Neo4j, so a probe answers even when it hangs. */
  @WithDefault("2s")
  Duration healthTimeout();

  /** Applying the schema at start-up. */
  Schema schema();

  /** How the schema is applied while Neo4j is not reachable yet. */
  interface Schema {

    /** The wait before the second attempt; it doubles after each failure. */
    @WithDefault("1s")
    Duration retryInitialDelay();

    /** The longest wait between two attempts, so the schema follows soon after Neo4j is back. */
    @WithDefault("10s")
    Duration retryMaxDelay();
  }
}
