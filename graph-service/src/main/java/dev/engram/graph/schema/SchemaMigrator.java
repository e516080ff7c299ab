package dev.engram.graph.schema;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.GraphUnavailableException;
import dev.engram.graph.neo4j.Neo4jClient;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Applies the graph schema (the versioned Cypher files under {@code neo4j/}) at start-up, in order,
 * recording each applied version as a {@code (:SchemaMigration)} node. Neo4j being down does not
 * stop the service: it starts not-ready and keeps trying, with a doubling delay, until the schema
 * is in place.
 */
@ApplicationScoped
class SchemaMigrator {

  /** The migrations, oldest first; a test checks that every file under neo4j/ is listed. */
  static final List<String> FILES =
      List.of(
          "V001__schema.cypher",
          "V002__temporal_graph.cypher",
          "V003__view_centrality.cypher",
          "V004__belief_keys.cypher",
          "V005__ranked_links.cypher");

  private static final Logger LOG = Logger.getLogger(SchemaMigrator.class);

  private final Neo4jClient neo4j;
  private final GraphConfig.Schema config;
  private final Duration statementTimeout;
  private final List<SchemaMigration> migrations;
  private final AtomicBoolean attempting = new AtomicBoolean();
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "graph-schema");
            thread.setDaemon(true);
            return thread;
          });

  /** Why the schema is not (known to be) applied; empty once it is. */
  private volatile Optional<String> pending =
      Optional.of("schema not applied yet; connecting to Neo4j");

  /** The last failure logged at WARN, so a long outage is not logged every few seconds. */
  private String lastLogged;

  SchemaMigrator(Neo4jClient neo4j, GraphConfig config) {
    this.neo4j = neo4j;
    this.config = config.schema();
    // A migration may rewrite data (V004 adds key loops to every belief, V005 copies the order
    // onto every mention), so a statement has its own long deadline, not a read's or a batch's.
    this.statementTimeout = this.config.statementTimeout();
    this.migrations = FILES.stream().map(SchemaMigration::load).toList();
  }

  void onStart(@Observes StartupEvent event) {
    retry(Duration.ZERO);
  }

  void onStop(@Observes ShutdownEvent event) {
    executor.shutdownNow();
  }

  /** The newest schema version this build expects. */
  String latestVersion() {
    return migrations.getLast().version();
  }

  /** Why the graph is not usable yet, or empty once the schema is applied. */
  Optional<String> pendingReason() {
    return pending;
  }

  /** Starts over in the background, e.g. when the database was replaced by an empty one. */
  void reapply(String reason) {
    pending = Optional.of(reason);
    retry(Duration.ZERO);
  }

  /**
   * Applies the migrations this database lacks; a version already recorded is skipped, so running
   * this again is harmless. Returns the versions it applied.
   */
  synchronized List<String> migrate() {
    Map<String, String> applied = new HashMap<>();
    neo4j
        .read(SchemaQueries.APPLIED, Map.of(), row -> row)
        .forEach(row -> applied.put(row.get("version").asString(), row.get("checksum").asString()));
    List<String> done = new ArrayList<>();
    for (SchemaMigration migration : migrations) {
      String checksum = applied.get(migration.version());
      if (checksum != null) {
        if (!checksum.equals(migration.checksum())) {
          LOG.warnf(
              "Graph schema %s was edited after it was applied; the change is NOT applied: "
                  + "add a new V-file instead",
              migration.version());
        }
        continue;
      }
      for (String statement : migration.statements()) {
        neo4j.write(statement, Map.of(), row -> row, statementTimeout);
      }
      neo4j.write(
          SchemaQueries.RECORD,
          Map.of(
              "version", migration.version(),
              "description", migration.description(),
              "checksum", migration.checksum()),
          row -> row);
      LOG.infof(
          "Applied graph schema %s (%s): %d statements",
          migration.version(), migration.description(), migration.statements().size());
      done.add(migration.version());
    }
    return done;
  }

  private void retry(Duration delay) {
    if (attempting.compareAndSet(false, true)) {
      schedule(delay);
    }
  }

  private void schedule(Duration delay) {
    if (executor.isShutdown()) {
      return;
    }
    executor.schedule(() -> attempt(delay), delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void attempt(Duration previousDelay) {
    try {
      migrate();
      pending = Optional.empty();
      lastLogged = null;
      attempting.set(false);
      LOG.infof("Graph schema is at %s", latestVersion());
    } catch (RuntimeException e) {
      Duration next = nextDelay(previousDelay);
      boolean outage = e instanceof GraphUnavailableException;
      String reason =
          (outage ? "Neo4j unavailable: " : "applying the schema failed: ") + e.getMessage();
      pending = Optional.of("schema not applied yet; " + reason);
      // Say it once per distinct reason: an outage would otherwise log every few seconds.
      if (reason.equals(lastLogged)) {
        LOG.debugf("Graph schema still not applied (%s); trying again in %s", reason, next);
      } else if (outage) {
        LOG.warnf("Graph schema not applied (%s); trying again every %s at most", reason, max());
      } else {
        LOG.errorf(e, "Graph schema not applied; trying again every %s at most", max());
      }
      lastLogged = reason;
      schedule(next);
    }
  }

  private Duration max() {
    return config.retryMaxDelay();
  }

  private Duration nextDelay(Duration previous) {
    if (previous.isZero()) {
      return config.retryInitialDelay();
    }
    Duration doubled = previous.multipliedBy(2);
    return doubled.compareTo(config.retryMaxDelay()) > 0 ? config.retryMaxDelay() : doubled;
  }
}
