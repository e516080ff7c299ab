package dev.engram.vault.support;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import io.restassured.path.json.JsonPath;

/** Starts backups through the API and follows backup and restore jobs to their end. */
public final class Jobs {

  /** The ops key of the %test profile. */
  public static final String OPS = "Bearer vault-ops-secret";

  private Jobs() {}

  /** Starts a backup and waits for its job to end. */
  public static JsonPath run() {
    String id =
        given()
            .header("Authorization", OPS)
            .post("/v1/backups")
            .then()
            .statusCode(202)
            .extract()
            .path("id");
    return await(id);
  }

  /** Takes a backup that must succeed; its id. */
  public static String succeededBackup() {
    JsonPath job = run();
    if (!"succeeded".equals(job.getString("state"))) {
      throw new AssertionError("backup failed: " + job.prettify());
    }
    return job.getString("backup.id");
  }

  /** Starts a restore with this request body and waits for its job to end. */
  public static JsonPath restore(String body) {
    String id =
        given()
            .header("Authorization", OPS)
            .contentType("application/json")
            .body(body)
            .post("/v1/restore")
            .then()
            .statusCode(202)
            .header("Location", containsString("/v1/restore/"))
            .extract()
            .path("id");
    return poll("/v1/restore/" + id);
  }

  /** The backup job, once it is no longer running. */
  public static JsonPath await(String id) {
    return poll("/v1/backup-jobs/" + id);
  }

  /** Polls a job until it is no longer running; gives up after two minutes (a hang, not a pace). */
  public static JsonPath poll(String path) {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (true) {
      JsonPath job =
          given()
              .header("Authorization", OPS)
              .get(path)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      if (!"running".equals(job.getString("state"))) {
        return job;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(path + " still running: " + job.prettify());
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
