package dev.engram.graph.schema;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.GraphUnavailableException;
import dev.engram.graph.neo4j.Neo4jClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when Neo4j answers within {@code engram.graph.health-timeout} and holds the schema this
 * build expects. Replaces quarkus-neo4j's own check, which knows nothing of the schema and can wait
 * for the driver's connection timeouts (up to a minute) when Neo4j is gone.
 */
@Readiness
@ApplicationScoped
class Neo4jReadinessCheck implements HealthCheck {

  static final String NAME = "neo4j";

  private final Neo4jClient neo4j;
  private final SchemaMigrator migrator;
  private final Duration timeout;

  Neo4jReadinessCheck(Neo4jClient neo4j, SchemaMigrator migrator, GraphConfig config) {
    this.neo4j = neo4j;
    this.migrator = migrator;
    this.timeout = config.healthTimeout();
  }

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME);
    Optional<String> pending = migrator.pendingReason();
    if (pending.isPresent()) {
      return response.down().withData("reason", pending.get()).build();
    }
    List<String> versions;
    try {
      versions =
          neo4j.read(
              SchemaQueries.APPLIED, Map.of(), row -> row.get("version").asString(), timeout);
    } catch (GraphUnavailableException e) {
      return response.down().withData("reason", "Neo4j unavailable: " + e.getMessage()).build();
    }
    String expected = migrator.latestVersion();
    if (!versions.contains(expected)) {
      String reason = "schema " + expected + " is missing from the database; applying it again";
      migrator.reapply(reason);
      return response.down().withData("reason", reason).build();
    }
    return response.up().withData("schema_version", expected).build();
  }
}
