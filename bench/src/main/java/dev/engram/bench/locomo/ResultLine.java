package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of RESULTS.jsonl: {@code {"sample_id", "qa_index", "category", "retrieved": [{"id",
 * "kind", "dia_ids": [...], "score"}, ...]}}, items best first, and {@code "skipped_signals":
 * [{"signal", "reason"}]} when recall left a signal out (the graph's answer late or failed), so a
 * difference between two runs caused by a timeout can be told apart from one caused by the data.
 */
public record ResultLine(
    String sampleId, int qaIndex, int category, List<Item> retrieved, List<Skipped> skipped) {

  /** A recalled exchange or memory and the LoCoMo turns it came from. */
  public record Item(long id, String kind, List<String> diaIds, double score) {}

  /** A signal recall left out of this question's answer, and why (recall's own words). */
  public record Skipped(String signal, String reason) {}

  public ResultLine {
    skipped = List.copyOf(skipped);
  }

  /** A line whose recall used every signal. */
  public ResultLine(String sampleId, int qaIndex, int category, List<Item> retrieved) {
    this(sampleId, qaIndex, category, retrieved, List.of());
  }

  public String toJson() {
    ObjectNode line = EngramApi.JSON.createObjectNode();
    line.put("sample_id", sampleId);
    line.put("qa_index", qaIndex);
    line.put("category", category);
    ArrayNode items = line.putArray("retrieved");
    for (Item item : retrieved) {
      ObjectNode node = items.addObject();
      node.put("id", item.id());
      node.put("kind", item.kind());
      ArrayNode ids = node.putArray("dia_ids");
      item.diaIds().forEach(ids::add);
      node.put("score", item.score());
    }
    if (!skipped.isEmpty()) {
      ArrayNode signals = line.putArray("skipped_signals");
      skipped.forEach(k -> signals.addObject().put("signal", k.signal()).put("reason", k.reason()));
    }
    return line.toString();
  }

  public static ResultLine fromJson(String text) throws IOException {
    JsonNode line = EngramApi.JSON.readTree(text);
    if (!line.hasNonNull("sample_id") || !line.hasNonNull("qa_index")) {
      throw new IOException("a result line needs sample_id and qa_index: " + text);
    }
    List<Item> items = new ArrayList<>();
    for (JsonNode node : line.path("retrieved")) {
      List<String> ids = new ArrayList<>();
      node.path("dia_ids").forEach(id -> ids.add(id.asText()));
      items.add(
          new Item(
              node.path("id").asLong(),
              node.path("kind").asText(),
              ids,
              node.path("score").asDouble()));
    }
    List<Skipped> skipped = new ArrayList<>();
    for (JsonNode node : line.path("skipped_signals")) {
      skipped.add(new Skipped(node.path("signal").asText(), node.path("reason").asText()));
    }
    return new ResultLine(
        line.get("sample_id").asText(),
        line.get("qa_index").asInt(),
        line.path("category").asInt(),
        items,
        skipped);
  }

  public static List<ResultLine> read(Path file) throws IOException {
    List<ResultLine> lines = new ArrayList<>();
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String text;
      int number = 0;
      while ((text = reader.readLine()) != null) {
        number++;
        if (!text.isBlank()) {
          try {
            lines.add(fromJson(text));
          } catch (IOException e) {
            throw new IOException(file + " line " + number + ": " + e.getMessage(), e);
          }
        }
      }
    }
    return lines;
  }
}
