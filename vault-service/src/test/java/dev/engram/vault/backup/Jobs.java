package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;

import io.restassured.path.json.JsonPath;

/** Starts a backup through the API and follows its job to the end. */
final class Jobs {

  private Jobs() {}

  static JsonPath run() {
    String id =
        given()
            .header("Authorization", BackupResourceTest.OPS)
            .post("/v1/backups")
            .then()
            .statusCode(202)
            .extract()
            .path("id");
    return await(id);
  }

  /** Polls until the job is no longer running; gives up after two minutes (a hang, not a pace). */
  static JsonPath await(String id) {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (true) {
      JsonPath job =
          given()
              .header("Authorization", BackupResourceTest.OPS)
              .get("/v1/backup-jobs/" + id)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      if (!"running".equals(job.getString("state"))) {
        return job;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("backup job " + id + " still running: " + job.prettify());
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
