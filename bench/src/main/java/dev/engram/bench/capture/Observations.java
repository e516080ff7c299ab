package dev.engram.bench.capture;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.locomo.Evidence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * LoCoMo's reference observations ({@code observation.session_N_observation.<speaker>: [[text,
 * evidence], ...]}), per conversation. Evidence is a turn id, a list of them, or ids joined by
 * {@code ;}/{@code ,}; ids that are not turns of the conversation are dropped, and so is an
 * observation left without any.
 */
final class Observations {

  private Observations() {}

  /** sample_id → its observations, in file order. */
  static Map<String, List<CaptureScore.Item>> read(Path file, Map<String, Set<String>> turnIds)
      throws IOException {
    JsonNode root = EngramApi.JSON.readTree(file.toFile());
    Map<String, List<CaptureScore.Item>> result = new LinkedHashMap<>();
    for (JsonNode c : root) {
      String sampleId = c.path("sample_id").asText();
      result.put(sampleId, of(c.path("observation"), turnIds.getOrDefault(sampleId, Set.of())));
    }
    return result;
  }

  static List<CaptureScore.Item> of(JsonNode observation, Set<String> turnIds) {
    List<CaptureScore.Item> items = new ArrayList<>();
    for (JsonNode session : observation) {
      for (JsonNode perSpeaker : session) {
        for (JsonNode pair : perSpeaker) {
          List<String> evidence = new ArrayList<>();
          JsonNode e = pair.path(1);
          if (e.isArray()) {
            e.forEach(x -> evidence.add(x.asText()));
          } else {
            evidence.add(e.asText());
          }
          List<String> turns = Evidence.goldTurns(evidence, turnIds);
          String text = pair.path(0).asText("").strip();
          if (!turns.isEmpty() && !text.isEmpty()) {
            items.add(new CaptureScore.Item(text, new LinkedHashSet<>(turns)));
          }
        }
      }
    }
    return items;
  }
}
