package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.vault.support.ExportStub;
import dev.engram.vault.support.ExportStub.Mode;
import dev.engram.vault.support.Jobs;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The vault's meters exist from the start and move with backups, failures, restores, audits. */
@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class VaultMetricsTest {

  private static final String LAST = "engram_vault_backup_last_success_timestamp_seconds";
  private static final String SIZE = "engram_vault_backup_last_size_bytes";
  private static final String OK =
      "engram_vault_backup_duration_seconds_count{destination=\"local\",outcome=\"succeeded\"}";
  private static final String FAILURES =
      "engram_vault_backup_failures_total{destination=\"local\"}";
  private static final String RESTORES =
      "engram_vault_restore_duration_seconds_count{outcome=\"succeeded\"}";
  private static final List<String> AUDITS =
      List.of("clean", "findings", "incomplete").stream()
          .map(r -> "engram_vault_audit_duration_seconds_count{result=\"" + r + "\"}")
          .toList();

  @BeforeEach
  @AfterEach
  void resetStub() {
    ExportStub.reset();
  }

  @Test
  void backupsFailuresRestoresAndAuditsAreMeasured() {
    String before = scrape();
    for (String series : List.of(OK, FAILURES, RESTORES)) {
      value(before, series); // registered before anything ran
    }

    long startedAt = Instant.now().getEpochSecond();
    JsonPath backup = Jobs.run();
    assertEquals("succeeded", backup.getString("state"), backup.prettify());
    ExportStub.mode("graph", Mode.HTTP_500);
    assertEquals("failed", Jobs.run().getString("state"));
    ExportStub.reset();
    assertEquals(
        "succeeded",
        Jobs.restore("{\"backup\": \"latest\", \"mode\": \"replace\", \"dry_run\": true}")
            .getString("state"));
    long findings =
        given()
            .header("Authorization", Jobs.OPS)
            .post("/v1/audit")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getLong("summary.findings");
    String after = scrape();

    assertTrue(value(after, LAST + "{destination=\"local\"}") >= startedAt - 1);
    assertEquals(
        backup.getLong("backup.size_bytes"), (long) value(after, SIZE + "{destination=\"local\"}"));
    assertEquals(1, value(after, OK) - value(before, OK));
    assertEquals(1, value(after, FAILURES) - value(before, FAILURES));
    assertEquals(1, value(after, RESTORES) - value(before, RESTORES));
    assertEquals(1, audits(after) - audits(before));
    assertEquals(findings, (long) value(after, "engram_vault_audit_last_findings"));
  }

  /** The scrape, with the text format's optional trailing comma in label sets dropped. */
  private static String scrape() {
    return given().get("/q/metrics").then().statusCode(200).extract().asString().replace(",}", "}");
  }

  private static double audits(String scrape) {
    return AUDITS.stream().mapToDouble(series -> value(scrape, series)).sum();
  }

  private static double value(String scrape, String series) {
    return scrape
        .lines()
        .filter(l -> l.startsWith(series + " "))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no series " + series));
  }
}
