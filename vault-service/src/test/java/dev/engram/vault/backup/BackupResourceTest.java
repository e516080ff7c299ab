package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.vault.config.VaultConfig;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class BackupResourceTest {

  static final String OPS = "Bearer vault-ops-secret";
  static final String ADMIN = "Bearer vault-admin-secret";
  static final String AGENT = "Bearer vault-agent-secret";

  private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

  @Inject VaultConfig config;

  private Path directory;

  @BeforeEach
  void emptyDirectory() throws IOException {
    directory = config.directory();
    try (Stream<Path> files = Files.walk(directory)) {
      files
          .sorted(Comparator.reverseOrder())
          .filter(path -> !path.equals(directory))
          .forEach(path -> path.toFile().delete());
    }
  }

  @Test
  void theDirectoryIsCreatedAtStartUp() {
    // BackupDirectoryResource points at a directory that did not exist before the service started.
    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/backups")
        .then()
        .statusCode(200)
        .body("backups", empty());
  }

  @Test
  void listsBackupsNewestFirstAndNothingElse() throws IOException {
    backup("daily-2026-11-18", 1000, NOW.minusSeconds(7200));
    backup("manual-2026-11-20", 30, NOW);
    backup("weekly_47.v1", 2000, NOW.minusSeconds(3600));
    Files.writeString(directory.resolve("daily-2026-11-20.engram.tar.gz.enc"), "sealed");
    Files.setLastModifiedTime(
        directory.resolve("daily-2026-11-20.engram.tar.gz.enc"),
        FileTime.from(NOW.minusSeconds(60)));
    // Not backups: a partial upload, dotfiles, other files, a directory with a backup's name.
    Files.writeString(directory.resolve("daily-2026-11-21.engram.tar.gz.part"), "half");
    Files.writeString(directory.resolve(".daily-2026-11-21.engram.tar.gz"), "temp");
    Files.writeString(directory.resolve(".probe-1234.tmp"), "probe");
    Files.writeString(directory.resolve("notes.txt"), "notes");
    Files.writeString(directory.resolve("daily.engram.tar"), "wrong suffix");
    Files.createDirectory(directory.resolve("nested.engram.tar.gz"));

    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/backups")
        .then()
        .statusCode(200)
        .body(
            "backups.id",
            contains("manual-2026-11-20", "daily-2026-11-20", "weekly_47.v1", "daily-2026-11-18"))
        .body(
            "backups.file",
            contains(
                "manual-2026-11-20.engram.tar.gz",
                "daily-2026-11-20.engram.tar.gz.enc",
                "weekly_47.v1.engram.tar.gz",
                "daily-2026-11-18.engram.tar.gz"))
        .body("backups.encrypted", contains(false, true, false, false))
        .body("backups.size_bytes", contains(30, 6, 2000, 1000))
        .body("backups[0].created_at", equalTo("2026-11-20T12:00:00Z"))
        .body("backups[3].created_at", equalTo("2026-11-20T10:00:00Z"));
  }

  @Test
  void getsOneBackup() throws IOException {
    backup("weekly_47.v1", 2000, NOW.plusNanos(123_456_789));

    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/backups/weekly_47.v1")
        .then()
        .statusCode(200)
        .body("id", equalTo("weekly_47.v1"))
        .body("file", equalTo("weekly_47.v1.engram.tar.gz"))
        .body("size_bytes", equalTo(2000))
        .body("created_at", equalTo("2026-11-20T12:00:00.123Z"))
        .body("encrypted", equalTo(false));
  }

  @Test
  void anUnknownOrPartialBackupIs404() throws IOException {
    Files.writeString(directory.resolve("half.engram.tar.gz.part"), "half");

    for (String id : new String[] {"missing", "half", ".probe"}) {
      given()
          .header("Authorization", OPS)
          .when()
          .get("/v1/backups/" + id)
          .then()
          .statusCode(404)
          .contentType("application/problem+json")
          .body("code", equalTo("backup_not_found"));
    }
  }

  @Test
  void anInvalidIdIs400() {
    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/backups/bad$id")
        .then()
        .statusCode(400)
        .contentType("application/problem+json")
        .body("code", equalTo("validation_failed"))
        .body("detail", containsString("letters, digits"));
    given()
        .header("Authorization", OPS)
        .when()
        .get("/v1/backups/" + "x".repeat(201))
        .then()
        .statusCode(400)
        .body("code", equalTo("validation_failed"));
  }

  @Test
  void needsAKeyWithTheOpsOrAdminRole() {
    given()
        .when()
        .get("/v1/backups")
        .then()
        .statusCode(401)
        .body("code", equalTo("unauthenticated"));
    given()
        .header("Authorization", "Bearer nobody")
        .when()
        .get("/v1/backups/x")
        .then()
        .statusCode(401);
    given()
        .header("Authorization", AGENT)
        .when()
        .get("/v1/backups")
        .then()
        .statusCode(403)
        .body("code", equalTo("forbidden"));
    given()
        .header("Authorization", ADMIN)
        .when()
        .get("/v1/backups")
        .then()
        .statusCode(403)
        .body("code", equalTo("forbidden"));
  }

  private void backup(String id, int size, Instant modified) throws IOException {
    Path file = directory.resolve(id + ".engram.tar.gz");
    Files.write(file, new byte[size]);
    Files.setLastModifiedTime(file, FileTime.from(modified));
  }
}
