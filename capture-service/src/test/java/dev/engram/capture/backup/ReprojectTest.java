package dev.engram.capture.backup;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.GraphStub;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code POST /internal/v1/reproject}: the vault's way to rebuild projections after a restore. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ReprojectTest {

  @Test
  void oneTenantOneProjection() {
    ExportImportTest.fill();
    long active =
        Db.count(
            "select count(*) from memories where tenant = 'globex' and status <> 'QUARANTINED'");
    GraphStub graph = CaptureTestResources.graph();
    graph.reset();
    Api.as(TestKeys.INTERNAL)
        .body("{\"tenant\":\"globex\",\"targets\":[\"graph\"]}")
        .post("/internal/v1/reproject")
        .then()
        .statusCode(202)
        .body("tenants[0].tenant", equalTo("globex"))
        .body("tenants[0].targets", equalTo(List.of("graph")))
        .body("tenants[0].memories", equalTo((int) active));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> graph.received().stream().anyMatch(op -> op.path("op").asText().equals("reset")));
  }

  @Test
  void everyTenantOfTheRecordWhenNoneIsNamed() {
    ExportImportTest.fill();
    Api.as(TestKeys.INTERNAL)
        .body("{}")
        .post("/internal/v1/reproject")
        .then()
        .statusCode(202)
        .body("tenants.tenant", hasItems("acme", "globex"))
        .body("tenants[0].targets", equalTo(List.of("recall", "graph")));
    Api.as(TestKeys.INTERNAL)
        .body("{\"targets\":[\"qdrant\"]}")
        .post("/internal/v1/reproject")
        .then()
        .statusCode(400);
    assertEquals(0, Db.count("select count(*) from memories where tenant = 'nobody'"));
  }
}
