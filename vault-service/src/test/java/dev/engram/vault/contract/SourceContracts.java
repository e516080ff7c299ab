package dev.engram.vault.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.contracts.fixtures.Contracts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The source services' side of the backup contracts as fixtures (docs/contracts: export, import,
 * reproject), for the stub that plays them in the vault's tests.
 */
public final class SourceContracts {

  private SourceContracts() {}

  /** The header object of a source's export fixture (a fresh copy). */
  public static ObjectNode exportHeader(String source) {
    return (ObjectNode) Contracts.ndjson("export", source + ".ndjson").getFirst().get("header");
  }

  /** The records of a source's export fixture: pairs of stream name and record JSON, in order. */
  public static List<String[]> exportRecords(String source) {
    List<String[]> records = new ArrayList<>();
    for (JsonNode line : Contracts.ndjson("export", source + ".ndjson")) {
      if (line.has("stream")) {
        records.add(new String[] {line.get("stream").asText(), line.get("record").toString()});
      }
    }
    return records;
  }

  /** The end line of a source's export fixture. */
  public static String exportEnd(String source) {
    return Contracts.ndjson("export", source + ".ndjson").getLast().toString();
  }

  /** The source's answer to the import fixture. */
  public static String importResponse(String source) {
    return Contracts.json("import", source + "-response.json").toString();
  }

  /** capture's answer to the reprojection fixture. */
  public static String reprojectResponse() {
    return Contracts.json("reproject", "response.json").toString();
  }

  /**
   * Where an import request differs from the fixture's: the query, the header's fields, a stream
   * name, the end line. The records are the test's own (the vault does not read them).
   */
  public static List<String> importDrift(
      String source, String query, String header, Map<String, List<String>> records, String end) {
    List<JsonNode> fixture = Contracts.ndjson("import", source + ".ndjson");
    List<String> errors = new ArrayList<>();
    if (query == null || !query.matches("mode=(replace|merge)&dry_run=(true|false)")) {
      errors.add("query " + query);
    }
    JsonNode sent = Contracts.parse(header);
    JsonNode contract = fixture.getFirst().deepCopy();
    if (sent.at("/header/embedding_model").isNull()) {
      // the archive's model: null when it holds no vectors
      ((ObjectNode) contract.get("header")).putNull("embedding_model");
    }
    errors.addAll(Contracts.shapeErrors(contract, sent, false));
    records.keySet().stream()
        .filter(stream -> !stream.matches("[a-z][a-z0-9_]{0,62}"))
        .forEach(stream -> errors.add("stream " + stream));
    if (end == null) {
      errors.add("no end line");
    } else {
      errors.addAll(Contracts.shapeErrors(fixture.getLast(), Contracts.parse(end), false));
    }
    return errors;
  }

  /** Where a reprojection request differs from the fixture's. */
  public static List<String> reprojectDrift(String body) {
    return Contracts.shapeErrors(
        Contracts.json("reproject", "request.json"), Contracts.parse(body), false);
  }
}
