package dev.engram.capture.backup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.capture.Api;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Export and import as the vault calls them, and the record as the database holds it. */
final class Backups {

  static final ObjectMapper JSON = new ObjectMapper();
  static final List<String> STREAMS =
      List.of(
          "exchanges",
          "memories",
          "slots",
          "facts",
          "memory_relations",
          "audit_log",
          "reflector_inbox",
          "reflector_cursors",
          "reflector_runs",
          "promotions",
          "sessions",
          "session_checkpoints",
          "belief_evidence",
          "memory_link_queue");

  private Backups() {}

  /** The export's lines, parsed; asserts the 200 and the media type. */
  static List<JsonNode> export() {
    String body =
        Api.as(TestKeys.INTERNAL)
            .get("/internal/v1/export")
            .then()
            .statusCode(200)
            .contentType("application/x-ndjson")
            .extract()
            .asString();
    return parse(body);
  }

  static List<JsonNode> parse(String body) {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : body.split("\n", -1)) {
      if (!line.isEmpty()) {
        try {
          lines.add(JSON.readTree(line));
        } catch (java.io.IOException e) {
          throw new AssertionError("not a JSON line: " + line, e);
        }
      }
    }
    assertEquals("", body.substring(body.lastIndexOf('\n') + 1), "the last line ends with \\n");
    return lines;
  }

  /** The record lines of one tenant, as "stream -> records". */
  static Map<String, List<JsonNode>> ofTenant(List<JsonNode> lines, String tenant) {
    Map<String, List<JsonNode>> streams = new LinkedHashMap<>();
    STREAMS.forEach(s -> streams.put(s, new ArrayList<>()));
    for (JsonNode line : lines) {
      if (line.has("stream") && line.path("record").path("tenant").asText().equals(tenant)) {
        streams.get(line.get("stream").asText()).add(line.get("record"));
      }
    }
    return streams;
  }

  /** An import body: the vault's header, the records, and an end line counting them. */
  static String body(Map<String, List<JsonNode>> streams) {
    StringBuilder body =
        new StringBuilder(
            "{\"header\":{\"format_version\":1,\"backup_id\":\"20261122T030000123Z\","
                + "\"source\":{\"name\":\"capture\",\"service\":\"capture-service\"},"
                + "\"embedding_model\":null}}\n");
    ObjectNode counts = JSON.createObjectNode();
    streams.forEach(
        (stream, records) -> {
          counts.put(stream, records.size());
          for (JsonNode record : records) {
            ObjectNode line = JSON.createObjectNode();
            line.put("stream", stream);
            line.set("record", record);
            body.append(line).append('\n');
          }
        });
    return body.append("{\"end\":{\"counts\":").append(counts).append("}}\n").toString();
  }

  static Response load(String body, String mode, boolean dryRun) {
    return Api.as(TestKeys.INTERNAL)
        .contentType("application/x-ndjson")
        .queryParam("mode", mode)
        .queryParam("dry_run", dryRun)
        .body(body.getBytes(java.nio.charset.StandardCharsets.UTF_8))
        .post("/internal/v1/import");
  }

  /** Every row of a tenant, per table, as PostgreSQL renders it: ids, hashes, times, JSON. */
  static Map<String, String> state(String tenant) {
    Map<String, String> state = new LinkedHashMap<>();
    for (String table : STREAMS) {
      String order =
          switch (table) {
            case "reflector_inbox" -> "exchange_id";
            case "reflector_cursors" -> "agent, chat";
            case "memory_link_queue" -> "memory_id";
            default -> "id";
          };
      String sql =
          "select coalesce(json_agg(t order by "
              + order
              + ")::text, '[]') from "
              + table
              + " t where tenant = ?1";
      state.put(
          table,
          Db.read(
              () ->
                  Panache.getSession()
                      .chain(
                          s ->
                              s.createNativeQuery(sql, String.class)
                                  .setParameter(1, tenant)
                                  .getSingleResult())));
    }
    return state;
  }

  static long sequence(String name) {
    return Db.count("select last_value from " + name);
  }
}
