package dev.engram.graph.backup;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.graph.support.TestKeys;
import io.restassured.response.ValidatableResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Export and import as the vault calls them: the wire format of docs/backup-format.md. */
final class GraphBackups {

  static final ObjectMapper JSON = new ObjectMapper();

  private GraphBackups() {}

  /** The export's lines, parsed; asserts the 200, the media type and the final newline. */
  static List<JsonNode> export() throws IOException {
    String text =
        given()
            .header("Authorization", TestKeys.INTERNAL)
            .get("/internal/v1/export")
            .then()
            .statusCode(200)
            .contentType("application/x-ndjson")
            .extract()
            .asString();
    assertTrue(text.endsWith("\n"));
    List<JsonNode> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  /** Header, the record lines, an end line counting each of {@code streams} (0 included). */
  static String body(List<JsonNode> records, List<String> streams) {
    Map<String, Long> counts = new LinkedHashMap<>();
    streams.forEach(s -> counts.put(s, 0L));
    StringBuilder body =
        new StringBuilder(
            "{\"header\":{\"format_version\":1,\"backup_id\":\"test\",\"source\":"
                + "{\"name\":\"graph\",\"service\":\"graph-service\"},\"embedding_model\":null}}\n");
    for (JsonNode line : records) {
      counts.merge(line.get("stream").asText(), 1L, Long::sum);
      body.append(line).append('\n');
    }
    try {
      body.append(JSON.writeValueAsString(Map.of("end", Map.of("counts", counts)))).append('\n');
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return body.toString();
  }

  static ValidatableResponse load(String mode, boolean dryRun, String body) {
    return given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType("application/x-ndjson")
        .queryParam("mode", mode)
        .queryParam("dry_run", dryRun)
        .body(body.getBytes(StandardCharsets.UTF_8))
        .post("/internal/v1/import")
        .then();
  }
}
