package dev.engram.vault.audit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.vault.backup.BackupDirectoryResource;
import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.support.ExportStub;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class AuditTest {

  static final String OPS = "Bearer vault-ops-secret";

  @Inject VaultConfig config;

  @BeforeEach
  void noPreviousAudit() throws IOException {
    ExportStub.reset();
    Files.deleteIfExists(config.directory().resolve(AuditStore.REPORT));
    Files.deleteIfExists(config.directory().resolve(AuditStore.CENTRALITY));
  }

  @AfterEach
  void plainExportsAgain() {
    ExportStub.reset();
  }

  @Test
  void aCleanStackHasNoFindings() {
    AuditFixture.clean().serve();
    audit()
        .body("summary.ok", equalTo(true))
        .body("summary.findings", equalTo(0))
        .body("summary.not_computed", empty())
        .body("summary.took_ms", greaterThanOrEqualTo(0))
        .body("summary.sources.name", contains("capture", "graph", "recall"))
        .body("summary.sources.taken_at", hasItem("2026-11-22T03:00:00Z"))
        .body("integrity.computed", equalTo(true))
        .body("integrity.content_hashes.count", equalTo(0))
        .body("integrity.audit_log.count", equalTo(0))
        .body("integrity.audit_order.count", equalTo(0))
        // quarantined memories and exchanges are not projected, so not expected in index or graph
        .body("consistency.tenants.tenant", contains("t1", "t2"))
        .body("consistency.tenants[0].memories.record", equalTo(2))
        .body("consistency.tenants[0].memories.index", equalTo(2))
        .body("consistency.tenants[0].memories.graph", equalTo(2))
        .body("consistency.tenants[0].exchanges.record", equalTo(1))
        .body("consistency.tenants[1].memories.index", equalTo(1))
        .body("consistency.drift.count", equalTo(0))
        .body("topology.entities", equalTo(4))
        .body("topology.orphans.count", equalTo(0))
        .body("topology.spikes.compared", equalTo(false))
        .body("topology.spikes.note", containsString("first audit"))
        .body("contradictions.items.count", equalTo(0));
  }

  @Test
  void plantedProblemsAreEachNamed() {
    AuditFixture.clean().serve();
    audit().body("summary.ok", equalTo(true)); // the baseline the spike is measured against

    AuditFixture.withEveryProblem().serve();
    audit()
        .body("summary.ok", equalTo(false))
        .body("summary.findings", equalTo(8))
        .body("integrity.content_hashes.count", equalTo(1))
        .body("integrity.content_hashes.items[0].table", equalTo("slots"))
        .body("integrity.content_hashes.items[0].id", equalTo(1))
        .body("integrity.audit_log.count", equalTo(1))
        .body("integrity.audit_log.items[0].target_type", equalTo("memory"))
        .body("integrity.audit_log.items[0].target", equalTo("10"))
        .body("integrity.audit_log.items[0].audit_id", equalTo(7))
        .body("integrity.audit_log.items[0].problem", containsString("differs"))
        .body("consistency.drift.count", equalTo(2))
        .body("consistency.drift.items.tenant", contains("t1", "t1"))
        .body("consistency.drift.items.kind", contains("memory", "memory"))
        .body("consistency.drift.items.id", contains(11, 12))
        .body(
            "consistency.drift.items.problem",
            contains("missing_from_index", "in_index_not_in_record"))
        .body("consistency.tenants[0].memories.record", equalTo(2))
        .body("consistency.tenants[0].memories.index", equalTo(2))
        .body("consistency.tenants[0].memories.graph", equalTo(2))
        .body("topology.orphans.items.id", contains("e-ghost"))
        .body("topology.spikes.compared", equalTo(true))
        .body("topology.spikes.previous_audit", notNullValue())
        .body("topology.spikes.items.name", contains("tea"))
        .body("topology.spikes.items[0].previous", equalTo(0.2f))
        .body("topology.spikes.items[0].current", equalTo(0.9f))
        .body("contradictions.tenants[0].contradicts_relations", equalTo(1))
        .body("contradictions.tenants[0].contradicted_beliefs", equalTo(1))
        .body("contradictions.items.items.kind", containsInAnyOrder("relation", "belief"));

    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/audit/last")
        .then()
        .statusCode(200)
        .body("summary.findings", equalTo(8))
        .body("topology.orphans.items.id", contains("e-ghost"));
  }

  @Test
  void aSourceThatIsDownLeavesItsSectionsUncomputed() {
    AuditFixture.clean().serve();
    ExportStub.mode("graph", ExportStub.Mode.HTTP_500);
    audit()
        .body("summary.ok", equalTo(false))
        .body("summary.findings", equalTo(0))
        .body(
            "summary.not_computed", contains("consistency (partial)", "topology", "contradictions"))
        .body("summary.sources[1].available", equalTo(false))
        .body("summary.sources[1].taken_at", nullValue())
        .body("summary.sources[1].problem", containsString("HTTP 500"))
        .body("integrity.computed", equalTo(true))
        .body("consistency.partial", containsString("the graph"))
        .body("consistency.tenants[0].memories.index", equalTo(2))
        .body("consistency.tenants[0].memories.graph", nullValue())
        .body("topology.computed", equalTo(false))
        .body("topology.reason", containsString("graph"))
        .body("contradictions.computed", equalTo(false));
  }

  @Test
  void onlyOperatorsAudit() {
    for (String key : new String[] {"Bearer vault-admin-secret", "Bearer vault-agent-secret"}) {
      given().header("Authorization", key).when().post("/v1/audit").then().statusCode(403);
    }
    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/audit/last")
        .then()
        .statusCode(404)
        .body("code", equalTo("audit_not_found"));
  }

  private static ValidatableResponse audit() {
    return given().header("Authorization", OPS).when().post("/v1/audit").then().statusCode(200);
  }
}
