package dev.engram.vault.restore;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.backup.BackupDirectoryResource;
import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.support.ExportStub;
import dev.engram.vault.support.Jobs;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Restores against the import and reprojection contracts, played by the stub. */
@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class RestoreTest {

  static final String OPS = "Bearer vault-ops-secret";

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
  void theLatestBackupIsStreamedToEachServiceRecordForRecord() throws IOException {
    String backup = backup();

    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"replace\", \"dry_run\": true}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(backup, job.getString("backup_id"));
    assertEquals(3295, job.getLong("records"));
    assertEquals(1200, job.getInt("results.capture.memories.received"));
    assertEquals(0, job.getInt("results.capture.memories.inserted"), "a dry run");
    ExportStub.streams()
        .forEach(
            (source, streams) -> {
              ExportStub.Import received = ExportStub.IMPORTS.get(source);
              assertEquals("mode=replace&dry_run=true", received.query());
              assertTrue(received.header().contains("\"backup_id\":\"" + backup + "\""));
              streams.forEach(
                  (stream, count) ->
                      assertEquals(
                          (int) count,
                          received.records().getOrDefault(stream, List.of()).size(),
                          source + "/" + stream));
              assertTrue(received.end().contains("\"counts\""), received.end());
            });
    // Ids and content come back as exported (the same JSON; the vault re-encodes, e.g. escapes).
    assertEquals(
        json(ExportStub.record("capture", "memories", 1)),
        json(ExportStub.IMPORTS.get("capture").records().get("memories").get(0)));
    assertEquals(
        json(ExportStub.vector(1500)),
        json(ExportStub.IMPORTS.get("recall").records().get("vectors").get(1499)));
    assertEquals(List.of("capture", "graph", "recall"), job.getList("steps.source"));
    assertEquals(List.of("import", "import", "import"), job.getList("steps.action"));
    assertEquals(List.of(), ExportStub.REPROJECTS, "a dry run reprojects nothing");
  }

  @Test
  void withTheSameModelTheVectorsAreImportedAndNothingIsReprojected() {
    backup();

    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"replace\"}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals("done", job.getString("phase"));
    assertEquals(List.of("capture", "graph", "recall"), job.getList("steps.source"));
    assertEquals(List.of("succeeded", "succeeded", "succeeded"), job.getList("steps.state"));
    assertEquals(1500, job.getInt("steps[2].counts.vectors.inserted"));
    assertEquals(1500, job.getInt("results.recall.vectors.inserted"));
    assertEquals("mode=replace&dry_run=false", ExportStub.IMPORTS.get("recall").query());
    assertEquals(List.of(), ExportStub.REPROJECTS);
  }

  @Test
  void withAnotherModelRecallIsReprojectedWhichReEmbeds() throws IOException {
    backup();
    ExportStub.recallModel("bge-small-en-v1.5");

    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"replace\"}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(List.of("capture", "graph", "recall", "recall"), job.getList("steps.source"));
    assertEquals(List.of("import", "import", "import", "reproject"), job.getList("steps.action"));
    assertEquals("refused", job.getString("steps[2].state"));
    assertTrue(job.getString("steps[2].detail").contains("embedding_model_mismatch"));
    assertEquals("succeeded", job.getString("steps[3].state"));
    assertEquals(1200, job.getInt("steps[3].summary.tenants[0].memories"));
    assertEquals(3295, job.getLong("records"), "the refused vectors were sent, then skipped");
    assertEquals(1, ExportStub.REPROJECTS.size());
    assertEquals(
        json("{\"tenant\": null, \"targets\": [\"recall\"]}"), json(ExportStub.REPROJECTS.get(0)));
  }

  @Test
  void withoutGraphEntriesTheGraphIsReprojected() throws IOException {
    ExportStub.mode("graph", ExportStub.Mode.EMPTY);
    backup();

    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"merge\"}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(List.of("capture", "recall", "graph"), job.getList("steps.source"));
    assertEquals(List.of("import", "import", "reproject"), job.getList("steps.action"));
    assertEquals(null, ExportStub.IMPORTS.get("graph"), "nothing to import into the graph");
    assertEquals(1500, ExportStub.IMPORTS.get("recall").records().get("vectors").size());
    assertEquals(
        List.of(json("{\"tenant\": null, \"targets\": [\"graph\"]}")),
        ExportStub.REPROJECTS.stream().map(RestoreTest::json).toList());
  }

  @Test
  void aDryRunOnlySaysWhatItWouldReproject() {
    ExportStub.mode("graph", ExportStub.Mode.EMPTY);
    backup();
    ExportStub.recallModel("bge-small-en-v1.5");

    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"replace\", \"dry_run\": true}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(
        List.of("import", "import", "reproject", "reproject"), job.getList("steps.action"));
    assertEquals(List.of("succeeded", "refused", "skipped", "skipped"), job.getList("steps.state"));
    assertEquals(List.of("graph", "recall"), job.getList("steps.source").subList(2, 4));
    assertEquals(List.of(), ExportStub.REPROJECTS);
  }

  @Test
  void aFailedReprojectionFailsTheJobWithCapturesProblem() {
    ExportStub.mode("graph", ExportStub.Mode.EMPTY);
    backup();
    ExportStub.reprojectFails();

    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"replace\"}");

    assertEquals("failed", job.getString("state"));
    assertEquals("reprojecting_graph", job.getString("phase"));
    assertEquals("restore_reproject_failed", job.getString("problem.code"));
    assertTrue(
        job.getString("problem.detail").contains("HTTP 400")
            && job.getString("problem.detail").contains("validation_failed"),
        job.getString("problem.detail"));
    assertEquals("failed", job.getString("steps[2].state"));
  }

  private static JsonNode json(String text) {
    try {
      return ArchiveJson.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aDamagedBackupSendsNothing() throws IOException {
    String backup = backup();
    Path file = directory.resolve(backup + ".engram.tar.gz.enc");
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length - 5000] ^= 0x01;
    Files.write(file, bytes);

    JsonPath job = restore("{\"backup\": \"" + backup + "\", \"mode\": \"merge\"}");

    assertEquals("failed", job.getString("state"));
    assertEquals("backup_tampered", job.getString("problem.code"));
    assertEquals(Map.of(), ExportStub.IMPORTS);
  }

  @Test
  void badRequestsAreRefused() {
    given()
        .header("Authorization", OPS)
        .contentType("application/json")
        .body("{\"backup\": \"nope\", \"mode\": \"replace\"}")
        .post("/v1/restore")
        .then()
        .statusCode(404)
        .body("code", equalTo("backup_not_found"));
    given()
        .header("Authorization", OPS)
        .contentType("application/json")
        .body("{\"backup\": \"latest\"}")
        .post("/v1/restore")
        .then()
        .statusCode(400)
        .body("code", equalTo("validation_failed"))
        .body("detail", containsString("mode"));
    given()
        .header("Authorization", OPS)
        .get("/v1/restore/nope")
        .then()
        .statusCode(404)
        .body("code", equalTo("restore_job_not_found"));
  }

  private static String backup() {
    return Jobs.succeededBackup();
  }

  private static JsonPath restore(String body) {
    return Jobs.restore(body);
  }
}
