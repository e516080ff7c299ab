package dev.engram.capture.backup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The export is one snapshot even while writers commit during it, and the import streams a body
 * larger than the HTTP body limit of every other endpoint — both over the JDK's HTTP client, as the
 * vault calls them.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class SnapshotAndStreamingTest {

  @TestHTTPResource("/")
  URL base;

  /** HTTP/1.1 as the vault's client: no h2c upgrade. */
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Test
  void rowsCommittedWhileTheExportRunsAreNotInIt() throws Exception {
    ExportImportTest.fill();
    String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
    try (Connection writer = DriverManager.getConnection(url, "postgres", "")) {
      writer.setAutoCommit(false);
      // The export takes its snapshot with the header, then waits here when it reaches memories.
      try (Statement st = writer.createStatement()) {
        st.execute("lock table memories in access exclusive mode");
      }
      HttpResponse<InputStream> response =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "internal/v1/export"))
                  .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
                  .build(),
              HttpResponse.BodyHandlers.ofInputStream());
      assertEquals(200, response.statusCode());
      BufferedReader lines =
          new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
      assertTrue(lines.readLine().startsWith("{\"header\":"));
      long memory;
      long audit;
      try (Statement st = writer.createStatement()) {
        memory =
            single(
                st,
                "insert into memories (id, tenant, scope, category, text, content_sha256,"
                    + " confidence, source, status, created_at, updated_at, last_seen_at,"
                    + " created_by, version) values (nextval('memory_id_seq'), 'globex', 'GLOBAL',"
                    + " 'KNOWLEDGE', 'written during the export', 'x', 1, 'api', 'ACTIVE', now(),"
                    + " now(), now(), 'test', 1) returning id");
        audit =
            single(
                st,
                "insert into audit_log (tenant, actor_key_id, operation, target_type, target_id,"
                    + " at) values ('globex', 'test', 'CREATE', 'memory', '"
                    + memory
                    + "', now()) returning id");
      }
      writer.commit();
      List<JsonNode> rest = new ArrayList<>();
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        rest.add(Backups.JSON.readTree(line));
      }
      JsonNode end = rest.getLast().get("end");
      assertTrue(end != null, "the export completed");
      long memories = 0;
      for (JsonNode line : rest) {
        String stream = line.path("stream").asText();
        long id = line.path("record").path("id").asLong();
        assertFalse(stream.equals("memories") && id == memory, "the memory is not in the export");
        assertFalse(stream.equals("audit_log") && id == audit, "the audit row is not in it");
        memories += stream.equals("memories") ? 1 : 0;
      }
      assertEquals(memories, end.get("counts").get("memories").asLong());
      assertEquals(1, Db.count("select count(*) from memories where id = ?1", memory));
    }
  }

  @Test
  void anExportThatFailsMidStreamEndsWithoutItsEndLine() throws Exception {
    ExportImportTest.fill();
    String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
    try (Connection admin = DriverManager.getConnection(url, "postgres", "")) {
      admin.setAutoCommit(false);
      try (Statement st = admin.createStatement()) {
        st.execute("lock table memories in access exclusive mode");
      }
      HttpResponse<InputStream> response =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "internal/v1/export"))
                  .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
                  .build(),
              HttpResponse.BodyHandlers.ofInputStream());
      assertEquals(200, response.statusCode());
      BufferedReader lines =
          new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
      assertTrue(lines.readLine().startsWith("{\"header\":"));
      // The export waits for the lock on memories; its database session dies there.
      try (Connection killer = DriverManager.getConnection(url, "postgres", "");
          Statement st = killer.createStatement()) {
        long killed = 0;
        for (int i = 0; i < 200 && killed == 0; i++) {
          killed =
              single(
                  st,
                  "select count(pg_terminate_backend(pid)) from pg_stat_activity"
                      + " where query like 'select * from memories order by%'"
                      + " and wait_event_type = 'Lock'");
          if (killed == 0) {
            Thread.sleep(50);
          }
        }
        assertEquals(1, killed, "the export was waiting for memories");
      }
      admin.rollback();
      List<String> rest = new ArrayList<>();
      try {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          rest.add(line);
        }
      } catch (java.io.IOException cut) {
        // The connection was closed under the reader: what the vault must see.
      }
      assertTrue(rest.stream().noneMatch(line -> line.startsWith("{\"end\"")), rest::toString);
    }
    // The next export works.
    assertTrue(Backups.export().getLast().has("end"));
  }

  @Test
  void anImportLargerThanTheHttpBodyLimitIsStreamedIn() throws Exception {
    // 16 MiB is the body limit of every other endpoint; this body is about 20 MiB, chunked.
    String padding = "x".repeat(100_000);
    long first = Backups.sequence("audit_log_id_seq") + 10_000;
    int rows = 200;
    List<InputStream> parts = new ArrayList<>();
    parts.add(bytes(Backups.body(Map.of()).split("\n")[0] + "\n"));
    for (int i = 0; i < rows; i++) {
      ObjectNode record = Backups.JSON.createObjectNode();
      record
          .put("id", first + i)
          .put("tenant", "globex")
          .put("actor_key_id", "restore-test")
          .put("operation", "UPDATE")
          .put("target_type", "memory")
          .put("target_id", "1")
          .putNull("before")
          .put("at", "2026-11-22T03:00:00.123456Z");
      record.putObject("after").put("text", padding);
      parts.add(bytes("{\"stream\":\"audit_log\",\"record\":" + record + "}\n"));
    }
    parts.add(bytes("{\"end\":{\"counts\":{\"audit_log\":" + rows + "}}}\n"));
    Enumeration<InputStream> body = Collections.enumeration(parts);
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "internal/v1/import?mode=merge&dry_run=false"))
                .header("Authorization", TestKeys.bearer(TestKeys.INTERNAL))
                .header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new SequenceInputStream(body)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response.body());
    JsonNode counts = Backups.JSON.readTree(response.body()).get("counts").get("audit_log");
    assertEquals(rows, counts.get("inserted").asInt());
    assertEquals(
        rows,
        Db.count(
            "select count(*) from audit_log where id >= ?1 and actor_key_id = 'restore-test'",
            first));
    assertEquals(
        List.of("2026-11-22T03:00:00.123456Z"),
        Db.rows("select at::text, 1 from audit_log where id = ?1", first).stream()
            .map(row -> row[0].toString().replace(" ", "T").replace("+00", "Z"))
            .toList(),
        "microseconds survive");
    // And it really was over the limit that protects every other endpoint.
    Api.as(TestKeys.OTHER_TENANT)
        .body("{\"text\":\"" + "y".repeat(17 * 1024 * 1024) + "\"}")
        .post("/v1/memories")
        .then()
        .statusCode(413);
  }

  private static InputStream bytes(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }

  private static long single(Statement st, String sql) throws Exception {
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
