package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.vault.archive.ArchiveVerifier;
import dev.engram.vault.archive.KeyRing;
import dev.engram.vault.archive.VerifiedArchive;
import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.support.ExportStub;
import dev.engram.vault.support.ExportStub.Mode;
import dev.engram.vault.support.Jobs;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Backups end to end against the export stub: a real encrypted archive in a real directory. */
@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class BackupJobTest {

  static final String OPS = BackupResourceTest.OPS;

  @Inject VaultConfig config;
  @Inject KeyRing keys;

  private Path directory;

  @BeforeEach
  void emptyDirectory() throws IOException {
    ExportStub.reset();
    directory = config.directory().toAbsolutePath().normalize();
    try (Stream<Path> files = Files.walk(directory)) {
      files
          .sorted(Comparator.reverseOrder())
          .filter(path -> !path.equals(directory))
          .forEach(path -> path.toFile().delete());
    }
  }

  @AfterEach
  void releaseStub() {
    ExportStub.reset();
  }

  @Test
  void aBackupIsAVerifiedEncryptedArchiveWithEveryStream() throws Exception {
    JsonPath job = Jobs.run();

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals("done", job.getString("phase"));
    assertEquals(3295, job.getLong("records"));
    String id = job.getString("backup.id");
    given()
        .header("Authorization", OPS)
        .get("/v1/backups/" + id)
        .then()
        .statusCode(200)
        .body("file", equalTo(id + ".engram.tar.gz.enc"))
        .body("encrypted", equalTo(true))
        .body("key_id", equalTo("new"))
        .body("verified", equalTo(true))
        .body("destination", equalTo("local"))
        .body("records", equalTo(3295))
        .body("counts.'capture/memories'", equalTo(1200))
        .body("counts.'capture/slots'", equalTo(0))
        .body("counts.'graph/beliefs'", equalTo(10))
        .body("counts.'recall/vectors'", equalTo(1500));
    // Only the archive and its catalog record are left: no spool, no partial file.
    try (Stream<Path> files = Files.list(directory)) {
      assertEquals(
          List.of(id + ".engram.json", id + ".engram.tar.gz.enc"),
          files.map(file -> file.getFileName().toString()).sorted().toList());
    }
    VerifiedArchive archive;
    try (InputStream in = Files.newInputStream(directory.resolve(id + ".engram.tar.gz.enc"))) {
      archive = ArchiveVerifier.verify(in, keys);
    }
    assertEquals(id, archive.manifest().backupId());
    assertEquals(4711, archive.manifest().outboxPosition().path("outbox_id").asInt());
    assertEquals(ExportStub.MODEL, archive.manifest().embeddingModel());
    assertEquals(
        List.of("capture-service", "graph-service", "recall-service"),
        archive.manifest().sources().stream().map(source -> source.service()).toList());
    assertEquals("0.1.0-test", archive.manifest().sources().get(0).version());
    Map<String, Long> counts = archive.manifest().counts();
    ExportStub.streams()
        .forEach(
            (source, streams) ->
                streams.forEach(
                    (stream, count) ->
                        assertEquals(
                            (long) count,
                            counts.get(source + "/" + stream),
                            source + "/" + stream)));
  }

  @Test
  void startAnswers202WithWhereToFollowTheJob() {
    ExportStub.mode("graph", Mode.BLOCK);
    String location =
        given()
            .header("Authorization", OPS)
            .post("/v1/backups")
            .then()
            .statusCode(202)
            .body("state", equalTo("running"))
            .body("trigger", equalTo("api"))
            .header("Location", containsString("/v1/backup-jobs/"))
            .extract()
            .header("Location");
    String id = location.substring(location.lastIndexOf('/') + 1);
    given()
        .header("Authorization", OPS)
        .post("/v1/backups")
        .then()
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("backup_in_progress"));
    // Nor a restore: it would change the record under the running backup.
    given()
        .header("Authorization", OPS)
        .contentType("application/json")
        .body("{\"backup\": \"latest\", \"mode\": \"replace\"}")
        .post("/v1/restore")
        .then()
        .statusCode(409)
        .body("code", equalTo("backup_in_progress"));
    given()
        .header("Authorization", OPS)
        .get("/v1/backup-jobs/" + id)
        .then()
        .statusCode(200)
        .body("state", equalTo("running"))
        .body("phase", equalTo("exporting"));
    ExportStub.release();
    assertEquals("succeeded", Jobs.await(id).getString("state"));
  }

  @Test
  void aFailingSourceFailsTheBackupAndLeavesNothingBehind() throws IOException {
    Map<Mode, String> expected =
        Map.of(
            Mode.HTTP_500, "source_unavailable",
            Mode.CUT, "source_unavailable",
            Mode.MISCOUNT, "source_export_invalid");
    for (Map.Entry<Mode, String> failure : expected.entrySet()) {
      ExportStub.reset();
      ExportStub.mode("recall", failure.getKey());

      JsonPath job = Jobs.run();

      assertEquals("failed", job.getString("state"), failure.getKey().name());
      assertEquals(failure.getValue(), job.getString("problem.code"), failure.getKey().name());
      assertTrue(
          job.getString("problem.detail").startsWith("recall"), job.getString("problem.detail"));
      try (Stream<Path> files = Files.list(directory)) {
        assertEquals(List.of(), files.toList(), "nothing left after " + failure.getKey());
      }
    }
    given().header("Authorization", OPS).get("/v1/backups").then().body("backups", hasSize(0));
  }

  @Test
  void retentionAfterABackupKeepsExactlyTheConfiguredSet() throws IOException {
    // %test keeps 2 daily, 0 weekly, 0 monthly: today's new backup and the newest of yesterday.
    Instant now = Instant.now();
    for (int day = 1; day <= 5; day++) {
      Path file = directory.resolve("day-" + day + ".engram.tar.gz");
      Files.writeString(file, "old backup");
      Files.setLastModifiedTime(file, FileTime.from(now.minus(Duration.ofDays(day))));
    }
    Path older = directory.resolve("day-1-earlier.engram.tar.gz");
    Files.writeString(older, "same day as day-1, but older");
    Files.setLastModifiedTime(older, FileTime.from(now.minus(Duration.ofDays(1)).minusSeconds(1)));
    // A backup whose last verification failed is left for an operator to look at.
    Files.writeString(directory.resolve("broken.engram.tar.gz"), "damaged");
    Files.writeString(
        directory.resolve("broken.engram.json"),
        "{\"id\":\"broken\",\"created_at\":\"2026-01-01T00:00:00Z\",\"encrypted\":false,"
            + "\"records\":0,\"verified\":false,\"problem\":\"backup_tampered\"}");

    JsonPath job = Jobs.run();

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(
        List.of("day-1-earlier", "day-2", "day-3", "day-4", "day-5"),
        job.getList("deleted", String.class).stream().sorted().toList());
    assertEquals(
        List.of(job.getString("backup.id"), "day-1", "broken"),
        given()
            .header("Authorization", OPS)
            .get("/v1/backups")
            .then()
            .extract()
            .jsonPath()
            .getList("backups.id", String.class));
  }

  @Test
  void anUnknownJobIs404() {
    given()
        .header("Authorization", OPS)
        .get("/v1/backup-jobs/nope")
        .then()
        .statusCode(404)
        .body("code", equalTo("backup_job_not_found"));
  }

  @Test
  void onlyOperatorsStartBackups() {
    given()
        .header("Authorization", BackupResourceTest.ADMIN)
        .post("/v1/backups")
        .then()
        .statusCode(403);
    given().post("/v1/backups").then().statusCode(401);
  }
}
