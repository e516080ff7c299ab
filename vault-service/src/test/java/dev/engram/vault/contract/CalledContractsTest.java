package dev.engram.vault.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.contracts.fixtures.Contracts;
import dev.engram.vault.backup.BackupDirectoryResource;
import dev.engram.vault.support.ExportStub;
import dev.engram.vault.support.Jobs;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The vault calls the source services as docs/contracts says, through its whole production path: it
 * reads the fixture exports into a backup, restores it with import requests that are the fixture
 * import requests (header, records, end line), asks capture for a reprojection with the fixture
 * request, and reads the fixture answers into the restore job without loss.
 */
@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class CalledContractsTest {

  private static final String OPS = "Bearer vault-ops-secret";
  private static final ObjectMapper JSON = new ObjectMapper();

  @BeforeEach
  void contractSources() {
    ExportStub.reset();
    ExportStub.serveContract();
  }

  @AfterEach
  void resetStub() {
    ExportStub.reset();
  }

  @Test
  void exportsAreBackedUpAndImportedAsTheContractSays() throws Exception {
    String backup = backup();
    JsonPath job = restore("{\"backup\": \"" + backup + "\", \"mode\": \"merge\"}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(List.of(), ExportStub.DRIFT);
    for (String source : List.of("capture", "graph", "recall")) {
      List<JsonNode> fixture = Contracts.ndjson("import", source + ".ndjson");
      ExportStub.Import sent = ExportStub.IMPORTS.get(source);
      assertEquals("mode=merge&dry_run=false", sent.query());
      Contracts.assertMatches(
          fixture.getFirst(), Contracts.parse(sent.header()), "header.backup_id");
      assertEquals(backup, Contracts.parse(sent.header()).at("/header/backup_id").asText());
      Map<String, Integer> seen = new HashMap<>();
      for (JsonNode line : fixture.subList(1, fixture.size() - 1)) {
        String stream = line.get("stream").asText();
        String record = sent.records().get(stream).get(seen.merge(stream, 1, Integer::sum) - 1);
        Contracts.assertMatches(line.get("record"), Contracts.parse(record));
      }
      Contracts.assertMatches(fixture.getLast(), Contracts.parse(sent.end()));
      // the service's answer, read by the vault into the job
      JsonNode counts = Contracts.json("import", source + "-response.json").get("counts");
      Contracts.assertMatches(counts, JSON.valueToTree(job.getMap("results." + source)));
    }
  }

  @Test
  void aReprojectionIsRequestedAndItsAnswerKeptAsTheContractSays() {
    ExportStub.mode("graph", ExportStub.Mode.EMPTY);
    backup();
    JsonPath job = restore("{\"backup\": \"latest\", \"mode\": \"merge\"}");

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(List.of(), ExportStub.DRIFT);
    assertEquals(1, ExportStub.REPROJECTS.size());
    Contracts.assertMatches(
        Contracts.json("reproject", "request.json"),
        Contracts.parse(ExportStub.REPROJECTS.getFirst()));
    Map<String, Object> summary = job.getMap("steps.find { it.action == 'reproject' }.summary");
    Contracts.assertMatches(
        Contracts.json("reproject", "response.json"), JSON.valueToTree(summary));
  }

  private static String backup() {
    return Jobs.succeededBackup();
  }

  private static JsonPath restore(String body) {
    return Jobs.restore(body);
  }
}
