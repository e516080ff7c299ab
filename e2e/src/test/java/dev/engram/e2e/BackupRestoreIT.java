package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 6's proof on the packaged suite: fill it, back it up (encrypted; here to the backup
 * directory, in {@link S3BackupRestoreIT} to an S3-compatible server), wipe every store, restore,
 * and find the record identical (every row of every table, ids and content hashes included), the
 * graph answering as before and recall answering as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BackupRestoreIT {

  private static final Duration SETTLED = Duration.ofSeconds(90);
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestSuite started;
  Path home;
  private Suite suite;

  @BeforeAll
  void startTheSuite() throws IOException {
    started = TestSuite.start("backup-e2e", b -> b.env(vaultEnvironment()));
    suite = started.suite;
    home = started.home;
  }

  /** How vault-service is configured: here its default, the backup directory. */
  Map<String, String> vaultEnvironment() {
    return Map.of();
  }

  /** The published archive is the encrypted one (and nothing else is there). */
  void assertEncryptedArchiveStored(String backup) throws IOException {
    try (Stream<Path> files = Files.list(home.resolve("backups"))) {
      assertTrue(
          files.anyMatch(f -> f.getFileName().toString().equals(backup + ".engram.tar.gz.enc")),
          "the archive on disk is the encrypted one");
    }
  }

  @AfterAll
  void stopTheSuite() throws IOException {
    if (started != null) {
      started.close();
    }
  }

  @Test
  void aWipedSuiteIsRestoredExactlyFromAnEncryptedBackup() throws Exception {
    String admin = suite.adminKey();
    long memory =
        as(admin, Component.CAPTURE)
            .body(
                Map.of(
                    "agent",
                    "bot",
                    "chat",
                    "vault",
                    "category",
                    "KNOWLEDGE",
                    "text",
                    "The lighthouse keeper's cat is called Biscuit"))
            .post("/v1/memories")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("id");
    as(admin, Component.CAPTURE)
        .body(
            """
            {"exchanges":[
             {"agent":"bot","chat":"vault","speaker":"erin","role":"user",
              "text":"I live in Tallinn.","occurred_at":"2024-02-01T09:00:00Z"},
             {"agent":"bot","chat":"vault","speaker":"erin","role":"user",
              "text":"Remember that my locker code is 4471.","occurred_at":"2024-02-01T09:01:00Z"}
            ]}""")
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    as(admin, Component.CAPTURE)
        .body("{\"content\":\"Drafting the harbour report\",\"expected_version\":0}")
        .put("/v1/agents/bot/slots/hot_context")
        .then()
        .statusCode(200);
    as(admin, Component.CAPTURE)
        .queryParam("agent", "bot")
        .queryParam("chat", "vault")
        .post("/v1/reflector/run")
        .then()
        .statusCode(200);
    await()
        .atMost(SETTLED)
        .until(() -> recalled(admin, "what is the cat's name?").contains("memory:" + memory));
    await()
        .atMost(SETTLED)
        .until(() -> SuiteRequests.livedIn(suite, admin, "erin", null).equals(List.of("Tallinn")));
    List<String> recallBefore = recalled(admin, "what is the cat's name?");
    Map<String, List<JsonNode>> recordBefore = captureExport();
    assertFalse(recordBefore.get("memories").isEmpty());
    assertFalse(recordBefore.get("facts").isEmpty(), "the Reflector's fact");
    assertFalse(recordBefore.get("audit_log").isEmpty());

    // Back up: encrypted with the key ./engram generated, verified, published in the directory.
    String backup = finished("/v1/backup-jobs/", start("/v1/backups", "{}")).getString("backup_id");
    JsonPath catalog =
        as(suite.opsKey(), Component.VAULT)
            .get("/v1/backups/" + backup)
            .then()
            .extract()
            .jsonPath();
    assertTrue(catalog.getBoolean("encrypted"));
    assertTrue(catalog.getBoolean("verified"));
    assertEncryptedArchiveStored(backup);

    // Wipe every store: PostgreSQL, Neo4j and the index. Keys and backups stay.
    suite.down();
    for (String store : List.of("postgres", "neo4j", "index")) {
      deleteTree(home.resolve("data").resolve(store));
    }
    suite.up();
    as(admin, Component.CAPTURE).get("/v1/memories/" + memory).then().statusCode(404);

    JsonPath restore =
        finished(
            "/v1/restore/",
            start("/v1/restore", "{\"backup\":\"latest\",\"mode\":\"replace\",\"dry_run\":false}"));
    assertEquals(backup, restore.getString("backup_id"));

    Map<String, List<JsonNode>> recordAfter = captureExport();
    assertEquals(recordBefore.keySet(), recordAfter.keySet());
    for (String stream : recordBefore.keySet()) {
      assertEquals(recordBefore.get(stream), recordAfter.get(stream), "stream " + stream);
    }
    await()
        .atMost(SETTLED)
        .until(() -> SuiteRequests.livedIn(suite, admin, "erin", null).equals(List.of("Tallinn")));
    await()
        .atMost(SETTLED)
        .until(() -> recalled(admin, "what is the cat's name?").equals(recallBefore));
    as(admin, Component.CAPTURE)
        .get("/v1/memories/" + memory)
        .then()
        .statusCode(200)
        .body("text", equalTo("The lighthouse keeper's cat is called Biscuit"));

    // The audit agrees: content hashes and the audit log intact, record = index = graph.
    JsonPath audit =
        as(suite.opsKey(), Component.VAULT)
            .post("/v1/audit")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    for (String finding :
        List.of(
            "integrity.content_hashes",
            "integrity.audit_log",
            "integrity.audit_order",
            "consistency.drift")) {
      assertEquals(0, audit.getInt(finding + ".count"), finding + ": " + audit.prettify());
    }
    assertTrue(audit.getList("summary.not_computed").isEmpty(), audit.prettify());
  }

  private RequestSpecification as(String key, Component service) {
    return SuiteRequests.as(suite, key, service);
  }

  /** Starts a vault job and returns its id. */
  private String start(String path, String body) {
    return as(suite.opsKey(), Component.VAULT)
        .body(body)
        .post(path)
        .then()
        .statusCode(202)
        .extract()
        .jsonPath()
        .getString("id");
  }

  /** Waits for a vault job to end and insists that it succeeded. */
  private JsonPath finished(String path, String job) {
    JsonPath[] last = new JsonPath[1];
    await()
        .atMost(SETTLED)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              last[0] = as(suite.opsKey(), Component.VAULT).get(path + job).jsonPath();
              return !"running".equals(last[0].getString("state"));
            });
    assertEquals("succeeded", last[0].getString("state"), last[0].prettify());
    return last[0];
  }

  /** capture's export, as records per stream (the header's instant and position left out). */
  private Map<String, List<JsonNode>> captureExport() throws IOException {
    Response response =
        given()
            .baseUri(suite.url(Component.CAPTURE))
            .header("Authorization", "Bearer " + suite.internalKey())
            .get("/internal/v1/export");
    assertEquals(200, response.statusCode(), response.asString());
    Map<String, List<JsonNode>> streams = new TreeMap<>();
    for (String line : response.asString().split("\n")) {
      JsonNode node = JSON.readTree(line);
      if (node.has("stream") && node.get("stream").asText().equals("memory_link_queue")) {
        // the link pass drains the queue every 2 s, asynchronously: a memory linked between this
        // snapshot and the backup leaves it without any write being lost (capture's
        // LedgerStreamsTest checks that a restore gives back exactly the archived queue)
        continue;
      }
      if (node.has("stream")) {
        // usage counts are bookkeeping recall reports every few seconds, asynchronously: a recall
        // between this snapshot and the backup moves them without any write being lost
        if (node.path("record") instanceof com.fasterxml.jackson.databind.node.ObjectNode record) {
          record.remove(List.of("times_surfaced", "last_surfaced", "last_used"));
        }
        streams.computeIfAbsent(node.get("stream").asText(), s -> new ArrayList<>()).add(node);
      } else if (node.has("end")) {
        node.get("end")
            .get("counts")
            .fieldNames()
            .forEachRemaining(s -> streams.computeIfAbsent(s, k -> new ArrayList<>()));
      }
    }
    return streams;
  }

  /** What a recall returns, as kind:id (memories and exchanges number apart). */
  private List<String> recalled(String key, String query) {
    JsonPath answer =
        as(key, Component.RECALL)
            .body(Map.of("agent", "bot", "chat", "vault", "query", query, "k", 5))
            .post("/v1/recall")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    return SuiteRequests.itemKeys(answer);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
