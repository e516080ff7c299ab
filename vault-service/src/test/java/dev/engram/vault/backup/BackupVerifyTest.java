package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.archive.ArchiveWriter;
import dev.engram.vault.archive.EntrySpool;
import dev.engram.vault.archive.KeyRing;
import dev.engram.vault.archive.Manifest;
import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.support.ExportStub;
import dev.engram.vault.support.Jobs;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** POST /v1/backups/{id}/verify on good, tampered, truncated and foreign-key archives. */
@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class BackupVerifyTest {

  static final String OPS = BackupResourceTest.OPS;

  /** A key that is neither of the configured ones: 32 bytes of 7. */
  static final String SEVENS = java.util.Base64.getEncoder().encodeToString(filled(7));

  @Inject VaultConfig config;

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

  @Test
  void aGoodBackupVerifies() {
    String id = Jobs.run().getString("backup.id");

    given()
        .header("Authorization", OPS)
        .post("/v1/backups/" + id + "/verify")
        .then()
        .statusCode(200)
        .body("id", equalTo(id))
        .body("verified", equalTo(true))
        .body("encrypted", equalTo(true))
        .body("key_id", equalTo("new"))
        .body("format_version", equalTo(1))
        .body("records", equalTo(3295))
        .body("counts.'capture/exchanges'", equalTo(300));
  }

  @Test
  void aTamperedBackupIsRefusedAndMarkedUnverified() throws IOException {
    String id = Jobs.run().getString("backup.id");
    Path file = directory.resolve(id + ".engram.tar.gz.enc");
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x40;
    Files.write(file, bytes);

    given()
        .header("Authorization", OPS)
        .post("/v1/backups/" + id + "/verify")
        .then()
        .statusCode(422)
        .contentType("application/problem+json")
        .body("code", equalTo("backup_tampered"))
        .body("detail", containsString("failed authentication"))
        .body("backup_id", equalTo(id));
    given()
        .header("Authorization", OPS)
        .get("/v1/backups/" + id)
        .then()
        .body("verified", equalTo(false));
  }

  @Test
  void aTruncatedBackupIsRefused() throws IOException {
    String id = Jobs.run().getString("backup.id");
    Path file = directory.resolve(id + ".engram.tar.gz.enc");
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length - 1000));

    given()
        .header("Authorization", OPS)
        .post("/v1/backups/" + id + "/verify")
        .then()
        .statusCode(422)
        .contentType("application/problem+json")
        .body("code", equalTo("backup_truncated"));
  }

  @Test
  void archivesSealedWithOtherKeysAreTold() throws IOException {
    archive("wrong-key", KeyRing.of(List.of("new:" + SEVENS), Optional.of("new")));
    archive("unknown-key", KeyRing.of(List.of("gone:" + SEVENS), Optional.of("gone")));

    given()
        .header("Authorization", OPS)
        .post("/v1/backups/wrong-key/verify")
        .then()
        .statusCode(422)
        .body("code", equalTo("backup_wrong_key"));
    given()
        .header("Authorization", OPS)
        .post("/v1/backups/unknown-key/verify")
        .then()
        .statusCode(422)
        .body("code", equalTo("backup_key_unknown"))
        .body("detail", containsString("'gone'"));
  }

  @Test
  void anArchiveFromBeforeTheKeyRotationStillVerifies() throws IOException {
    archive(
        "before-rotation",
        KeyRing.of(List.of(BackupDirectoryResource.OLD_KEY), Optional.of("old")));

    given()
        .header("Authorization", OPS)
        .post("/v1/backups/before-rotation/verify")
        .then()
        .statusCode(200)
        .body("key_id", equalTo("old"))
        .body("records", equalTo(2));
  }

  @Test
  void aMissingBackupIs404() {
    given()
        .header("Authorization", OPS)
        .post("/v1/backups/missing/verify")
        .then()
        .statusCode(404)
        .body("code", equalTo("backup_not_found"));
  }

  /** An encrypted archive of two records under {@code id}, without a catalog record. */
  private void archive(String id, KeyRing ring) throws IOException {
    try (EntrySpool spool = new EntrySpool(directory)) {
      spool.append("capture", "memories", "{\"id\":1}".getBytes(StandardCharsets.UTF_8));
      spool.append("capture", "memories", "{\"id\":2}".getBytes(StandardCharsets.UTF_8));
      List<EntrySpool.SpooledEntry> entries = spool.finish();
      Manifest manifest =
          new Manifest(
              Manifest.FORMAT,
              Manifest.VERSION,
              id,
              Instant.parse("2026-01-01T00:00:00Z"),
              List.of(),
              ArchiveJson.MAPPER.readTree("{\"outbox_id\":1}"),
              null,
              entries.stream().map(EntrySpool.SpooledEntry::entry).toList());
      ArchiveWriter.write(
          directory.resolve(id + ".engram.tar.gz.enc"), manifest, entries, ring.primary());
    }
  }

  private static byte[] filled(int value) {
    byte[] bytes = new byte[32];
    Arrays.fill(bytes, (byte) value);
    return bytes;
  }
}
