package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 item 6: an ops key bound to one tenant took a backup of every tenant and had a REPLACE
 * restore of all tenants accepted. Archives hold every tenant, so such a key is now refused on
 * every endpoint, and only an ops key of tenant * runs them.
 */
@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class TenantOpsKeyTest {

  /** tenant-b, role ops. */
  static final String TENANT_OPS = "Bearer vault-ops-b-secret";

  /** tenant *, role ops. */
  static final String SUITE_OPS = BackupResourceTest.OPS;

  private static final Map<String, Function<RequestSpecification, io.restassured.response.Response>>
      ENDPOINTS =
          Map.of(
              "POST /v1/backups", r -> r.post("/v1/backups"),
              "GET /v1/backups", r -> r.get("/v1/backups"),
              "GET /v1/backups/{id}", r -> r.get("/v1/backups/daily-2026-11-18"),
              "POST /v1/backups/{id}/verify", r -> r.post("/v1/backups/daily-2026-11-18/verify"),
              "GET /v1/backup-jobs/{id}", r -> r.get("/v1/backup-jobs/job-1"),
              "POST /v1/restore",
                  r ->
                      r.contentType("application/json")
                          .body(Map.of("backup", "latest", "mode", "replace", "dry_run", false))
                          .post("/v1/restore"),
              "GET /v1/restore/{id}", r -> r.get("/v1/restore/job-1"),
              "POST /v1/audit", r -> r.post("/v1/audit"),
              "GET /v1/audit/last", r -> r.get("/v1/audit/last"));

  @Test
  void aTenantsOpsKeyIsRefusedEverywhereBeforeAnythingRuns() {
    ENDPOINTS.forEach(
        (name, call) ->
            call.apply(given().header("Authorization", TENANT_OPS))
                .then()
                .statusCode(403)
                .contentType(startsWith("application/problem+json"))
                .body("code", equalTo("suite_key_required")));
  }

  @Test
  void theSuitesOpsKeyIsNotRefused() {
    // the calls that start nothing (the backup and restore tests run the others with this key)
    given().header("Authorization", SUITE_OPS).get("/v1/backups").then().statusCode(200);
    given()
        .header("Authorization", SUITE_OPS)
        .get("/v1/backups/daily-2026-11-18")
        .then()
        .statusCode(404)
        .body("code", equalTo("backup_not_found"));
    given()
        .header("Authorization", SUITE_OPS)
        .contentType("application/json")
        .body(Map.of("backup", "none-such", "mode", "replace", "dry_run", false))
        .post("/v1/restore")
        .then()
        .statusCode(404)
        .body("code", equalTo("backup_not_found"));
    given()
        .header("Authorization", SUITE_OPS)
        .get("/v1/restore/job-1")
        .then()
        .statusCode(404)
        .body("code", equalTo("restore_job_not_found"));
  }
}
