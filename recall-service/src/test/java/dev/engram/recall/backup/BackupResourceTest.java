package dev.engram.recall.backup;

import static dev.engram.recall.IndexFixture.ADMIN_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.INTERNAL_KEY;
import static dev.engram.recall.IndexFixture.exchange;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.IndexStore;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The backup endpoints over HTTP: roles, the export's shape, an import of it, refusals. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class BackupResourceTest {

  private static final String TENANT = "backup-http";

  @Inject IndexStore store;
  @Inject Embedder embedder;
  @Inject ObjectMapper json;

  @Test
  void onlyInternalKeysMayExportOrImport() {
    for (String key : List.of(AGENT_T1_KEY, ADMIN_T1_KEY)) {
      given()
          .header("Authorization", "Bearer " + key)
          .get("/internal/v1/export")
          .then()
          .statusCode(403)
          .body("code", equalTo("forbidden"));
      importing(key, "merge", "{}\n").statusCode(403);
    }
    given().get("/internal/v1/export").then().statusCode(401);
  }

  @Test
  void anExportImportsBackWithoutChange() throws Exception {
    index(reset(TENANT));
    index(
        upsert(memory(TENANT, 1, null, null, "the keys are under the mat")),
        upsert(exchange(TENANT, 2, "bot1", "telegram:1", "where are the keys?")));
    String body =
        given()
            .header("Authorization", "Bearer " + INTERNAL_KEY)
            .get("/internal/v1/export")
            .then()
            .statusCode(200)
            .contentType("application/x-ndjson")
            .extract()
            .asString();
    List<String> lines = body.lines().toList();
    JsonNode header = json.readTree(lines.get(0)).get("header");
    assertEquals("recall-service", header.get("service").asText());
    assertEquals(embedder.modelId(), header.get("embedding_model").asText());
    JsonNode end = json.readTree(lines.getLast()).get("end");
    assertEquals(lines.size() - 2, end.get("counts").get("vectors").asLong());
    List<String> ours = lines.stream().filter(l -> l.contains("\"" + TENANT + "\"")).toList();
    assertEquals(2, ours.size());
    assertEquals(
        embedder.dimensions(), json.readTree(ours.get(0)).get("record").get("vector").size());

    String restore =
        "{\"header\":{\"format_version\":1,\"embedding_model\":\""
            + embedder.modelId()
            + "\"}}\n"
            + String.join("\n", ours)
            + "\n{\"end\":{\"counts\":{\"vectors\":2}}}\n";
    index(reset(TENANT));
    importing(INTERNAL_KEY, "replace", restore)
        .statusCode(200)
        .body("applied", equalTo(true))
        .body("counts.vectors.received", equalTo(2))
        .body("counts.vectors.inserted", equalTo(2));
    assertEquals(2, store.count(TENANT));
    importing(INTERNAL_KEY, "merge", restore)
        .statusCode(200)
        .body("counts.vectors.unchanged", equalTo(2));
    given()
        .queryParam("dry_run", "true")
        .header("Authorization", "Bearer " + INTERNAL_KEY)
        .contentType("application/x-ndjson")
        .body(restore.getBytes(java.nio.charset.StandardCharsets.UTF_8))
        .post("/internal/v1/import?mode=replace")
        .then()
        .statusCode(200)
        .body("applied", equalTo(false))
        .body("counts.vectors.inserted", equalTo(2));

    importing(INTERNAL_KEY, "replace", restore.replace(embedder.modelId(), "other-model"))
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("reindex_required"));
    importing(INTERNAL_KEY, "replace", restore.replace("\"vectors\":2", "\"vectors\":3"))
        .statusCode(400)
        .contentType("application/problem+json");
    importing(INTERNAL_KEY, "sideways", restore).statusCode(400);
    assertEquals(2, store.count(TENANT));
    assertTrue(body.endsWith("\n"));
  }

  /**
   * Vectors are the one thing an import takes that no other endpoint does: a vector of another
   * length, with a value that is not a number, or all zero is a 400 naming the line and the rule,
   * and nothing of the body is applied.
   */
  @Test
  void aBadVectorIsRefusedAsA400NamingTheLine() throws Exception {
    String tenant = "backup-bad-vector";
    index(reset(tenant));
    float[] good = new float[embedder.dimensions()];
    good[0] = 1f;
    Object[] nan = new Object[embedder.dimensions()];
    Arrays.fill(nan, 0.5);
    nan[3] = "NaN";
    Map<Object, String> rules =
        Map.of(
            new float[embedder.dimensions() - 1],
            "dimensions",
            nan,
            "finite",
            new float[embedder.dimensions()],
            "finite");
    for (var bad : rules.entrySet()) {
      String body =
          "{\"header\":{\"format_version\":1,\"embedding_model\":\""
              + embedder.modelId()
              + "\"}}\n"
              + vectorLine(tenant, 1, good)
              + vectorLine(tenant, 2, bad.getKey())
              + "{\"end\":{\"counts\":{\"vectors\":2}}}\n";
      importing(INTERNAL_KEY, "merge", body)
          .statusCode(400)
          .contentType("application/problem+json")
          .body("code", equalTo("validation_failed"))
          .body("errors[0].field", equalTo("line 3: record.vector"))
          .body("errors[0].rule", equalTo(bad.getValue()));
      assertEquals(0, store.count(tenant), "nothing applied");
    }
  }

  private String vectorLine(String tenant, long id, Object vector) throws Exception {
    return json.writeValueAsString(
            Map.of("stream", "vectors", "record", record(tenant, id, "memory " + id, vector)))
        + "\n";
  }

  /** A {@code vectors} record of a GLOBAL memory with the fields an import requires. */
  private static Map<String, Object> record(String tenant, long id, String text, Object vector) {
    Map<String, Object> record = new LinkedHashMap<>();
    record.put("tenant", tenant);
    record.put("kind", "memory");
    record.put("id", id);
    record.put("version", 1);
    record.put("scope", "GLOBAL");
    record.put("status", "ACTIVE");
    record.put("text", text);
    record.put("created_at", "2026-05-08T13:56:00Z");
    record.put("vector", vector);
    return record;
  }

  @TestHTTPResource("/internal/v1/import?mode=merge&dry_run=false")
  URI importUri;

  /**
   * The vault streams the body chunked, without a length; an archive's vectors are far larger than
   * the HTTP body limit (48 MiB here), which must not cut the import.
   */
  @Test
  void aChunkedImportLargerThanTheBodyLimitIsRead() throws Exception {
    float[] vector = new float[embedder.dimensions()];
    vector[0] = 1f;
    String padding = "x".repeat(1024 * 1024);
    List<InputStream> parts = new ArrayList<>();
    parts.add(
        bytes(
            "{\"header\":{\"format_version\":1,\"embedding_model\":\""
                + embedder.modelId()
                + "\"}}\n"));
    int records = 60;
    for (int i = 1; i <= records; i++) {
      Map<String, Object> record = record("backup-large", i, "large import " + i, vector);
      record.put("x_padding", padding); // unknown fields are ignored
      parts.add(
          bytes(json.writeValueAsString(Map.of("stream", "vectors", "record", record)) + "\n"));
    }
    parts.add(bytes("{\"end\":{\"counts\":{\"vectors\":" + records + "}}}\n"));
    HttpRequest request =
        HttpRequest.newBuilder(importUri)
            .header("Authorization", "Bearer " + INTERNAL_KEY)
            .header("Content-Type", "application/x-ndjson")
            .POST(
                HttpRequest.BodyPublishers.ofInputStream(
                    () -> new SequenceInputStream(Collections.enumeration(parts))))
            .build();
    HttpResponse<String> response;
    try (HttpClient http = HttpClient.newHttpClient()) {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    }
    assertEquals(200, response.statusCode(), response.body());
    assertEquals(records, json.readTree(response.body()).at("/counts/vectors/received").asInt());
    assertEquals(records, store.count("backup-large"));
    index(reset("backup-large"));
  }

  private static InputStream bytes(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  private static ValidatableResponse importing(String key, String mode, String body) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType("application/x-ndjson")
        .body(body.getBytes(java.nio.charset.StandardCharsets.UTF_8))
        .post("/internal/v1/import?mode=" + mode + "&dry_run=false")
        .then();
  }
}
