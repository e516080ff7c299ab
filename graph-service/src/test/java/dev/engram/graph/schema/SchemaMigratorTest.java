package dev.engram.graph.schema;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.engram.graph.support.LinkCopies;
import dev.engram.graph.support.Neo4jTestServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Session;
import org.neo4j.driver.exceptions.ClientException;

@QuarkusTest
@WithTestResource(Neo4jTestServer.class)
class SchemaMigratorTest {

  @Inject Driver driver;
  @Inject SchemaMigrator migrator;

  @BeforeEach
  void schemaApplied() {
    await().atMost(Duration.ofSeconds(60)).until(() -> migrator.pendingReason().isEmpty());
    run("MATCH (n) WHERE n.tenant IN ['tenant-a', 'tenant-b'] DETACH DELETE n");
  }

  @Test
  void startUpCreatesTheConstraintsAndIndexesAndRecordsTheVersion() {
    assertThat(
        names("SHOW CONSTRAINTS YIELD name RETURN name"),
        hasItems(
            "schema_migration_version",
            "entity_tenant_id",
            "memory_tenant_id",
            "belief_tenant_id",
            "fact_tenant_id"));
    assertThat(
        names("SHOW INDEXES YIELD name RETURN name"),
        hasItems(
            "entity_tenant",
            "memory_tenant",
            "belief_tenant",
            "entity_tenant_normalized_name",
            "fact_tenant_predicate"));
    assertThat(
        names("MATCH (m:SchemaMigration) RETURN m.version AS name"),
        containsInAnyOrder("V001", "V002", "V003", "V004", "V005"));
  }

  @Test
  void anEntityIdIsUniqueWithinATenantOnly() {
    run("CREATE (:Entity {tenant: 'tenant-a', id: 'e1', name: 'Ada'})");
    run("CREATE (:Entity {tenant: 'tenant-b', id: 'e1', name: 'Ada'})");

    assertThrows(
        ClientException.class,
        () -> run("CREATE (:Entity {tenant: 'tenant-a', id: 'e1', name: 'Other Ada'})"));
  }

  @Test
  void applyingAgainIsHarmless() {
    List<String> constraints = names("SHOW CONSTRAINTS YIELD name RETURN name");
    List<String> indexes = names("SHOW INDEXES YIELD name RETURN name");

    assertThat("nothing left to apply", migrator.migrate(), empty());

    // Forget the bookkeeping: every statement runs again against the existing schema.
    run("MATCH (m:SchemaMigration) DELETE m");
    assertThat(migrator.migrate(), contains("V001", "V002", "V003", "V004", "V005"));

    assertThat(
        names("SHOW CONSTRAINTS YIELD name RETURN name"),
        containsInAnyOrder(constraints.toArray()));
    assertThat(names("SHOW INDEXES YIELD name RETURN name"), containsInAnyOrder(indexes.toArray()));
    assertThat(
        names("MATCH (m:SchemaMigration) RETURN m.version AS name"),
        containsInAnyOrder("V001", "V002", "V003", "V004", "V005"));
  }

  @Test
  void v004GivesTheBeliefsWrittenBeforeItTheirKeyLoops() {
    run(
        "CREATE (:Belief {tenant: 'tenant-a', id: 'b1', entity_keys: ['alice', 'porto']}),"
            + " (:Belief {tenant: 'tenant-b', id: 'b1', entity_keys: ['bob']}),"
            + " (:Belief {tenant: 'tenant-a', id: 'b2'})");
    run("MATCH (m:SchemaMigration {version: 'V004'}) DELETE m");

    assertThat(migrator.migrate(), contains("V004"));
    assertThat(
        names(
            "MATCH (b:Belief)-[k:BELIEF_KEY]->(b) WHERE b.tenant IN ['tenant-a', 'tenant-b']"
                + " RETURN b.tenant + '/' + b.id + '/' + k.tenant + '/' + k.key AS name"),
        containsInAnyOrder(
            "tenant-a/b1/tenant-a/alice",
            "tenant-a/b1/tenant-a/porto",
            "tenant-b/b1/tenant-b/bob"));

    // Applied again (the bookkeeping forgotten), it adds nothing.
    run("MATCH (m:SchemaMigration {version: 'V004'}) DELETE m");
    assertThat(migrator.migrate(), contains("V004"));
    assertThat(
        names(
            "MATCH (b:Belief)-[k:BELIEF_KEY]->(b) WHERE b.tenant IN ['tenant-a', 'tenant-b']"
                + " RETURN k.key AS name"),
        containsInAnyOrder("alice", "porto", "bob"));
  }

  @Test
  void v005GivesTheLinksWrittenBeforeItTheirCopyOfTheOrder() {
    run(
        "CREATE (e:Entity {tenant: 'tenant-a', id: 'e1', name: 'Ada'}),"
            + " (m:Memory {tenant: 'tenant-a', id: 1, confidence: 0.4}),"
            + " (p:Memory {tenant: 'tenant-a', id: 2, placeholder: true}),"
            + " (x:Exchange {tenant: 'tenant-a', id: 3}),"
            + " (m)-[:MENTIONS {tenant: 'tenant-a', key: 'ada'}]->(e),"
            + " (p)-[:SOURCE_OF {tenant: 'tenant-a', fact_id: 9, key: 'ada'}]->(e),"
            + " (x)-[:MENTIONS {tenant: 'tenant-a', key: 'ada'}]->(e)");
    run("MATCH (m:SchemaMigration {version: 'V005'}) DELETE m");

    assertThat(migrator.migrate(), contains("V005"));
    assertThat(LinkCopies.stale(driver, "tenant-a"), empty());
    assertThat(
        names(
            "MATCH (n)-[r:MENTIONS|SOURCE_OF]->(:Entity {tenant: 'tenant-a'})"
                + " RETURN type(r) + '/' + r.entity + '/' + coalesce(toString(r.rank), '-')"
                + " + '/' + coalesce(toString(r.memory), toString(r.exchange)) AS name"),
        containsInAnyOrder("MENTIONS/e1/0.4/1", "SOURCE_OF/e1/1.0/2", "MENTIONS/e1/-/3"));
    assertThat(
        names("SHOW INDEXES YIELD name RETURN name"),
        hasItems("mention_rank", "source_rank", "exchange_mention"));
  }

  @Test
  void everyMigrationFileIsListedInOrder() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("src/main/resources/neo4j"))) {
      assertThat(
          SchemaMigrator.FILES,
          contains(files.map(file -> file.getFileName().toString()).sorted().toArray()));
    }
  }

  @Test
  void statementsAreSplitOnSemicolonsWithoutComments() {
    assertThat(
        SchemaMigration.statements("// intro\nCREATE A;\n\n// b\nCREATE\n  B ;\n"),
        contains("CREATE A", "CREATE\n  B"));
  }

  private void run(String cypher) {
    try (Session session = driver.session()) {
      session.executeWrite(tx -> tx.run(cypher, Map.of()).consume());
    }
  }

  private List<String> names(String cypher) {
    try (Session session = driver.session()) {
      return session.executeRead(
          tx -> tx.run(cypher).list(record -> record.get("name").asString()));
    }
  }
}
