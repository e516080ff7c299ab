package dev.engram.bench.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a suite holds for one LoCoMo chat, read over the public API: its exchanges (id → turn id
 * from their {@code dia_id} metadata) and the Reflector's ACTIVE memories with their source turns;
 * plus running the Reflector and embedding texts with recall's {@code /v1/embeddings}.
 */
final class SuiteState {

  private static final int EMBED_BATCH = 128;
  private static final int BUSY_RETRIES = 120;

  private final EngramApi api;
  private final String agent;

  SuiteState(EngramApi api, String agent) {
    this.api = api;
    this.agent = agent;
  }

  /** Exchange id → dia_id of every exchange of the chat. */
  Map<Long, String> turns(String chat) throws IOException, InterruptedException {
    Map<Long, String> found = new LinkedHashMap<>();
    for (JsonNode e : pages("/v1/exchanges", chat, Map.of())) {
      found.put(e.path("id").asLong(), e.path("metadata").path("dia_id").asText(""));
    }
    return found;
  }

  /** The Reflector's ACTIVE memories of the chat, each with the turns it was made from. */
  List<CaptureScore.Item> memories(String chat, Map<Long, String> turns)
      throws IOException, InterruptedException {
    List<CaptureScore.Item> items = new ArrayList<>();
    for (JsonNode m : pages("/v1/memories", chat, Map.of("source", "reflector"))) {
      Set<String> sources = new LinkedHashSet<>();
      for (JsonNode id : m.path("provenance").path("exchange_ids")) {
        String turn = turns.get(id.asLong());
        if (turn != null && !turn.isEmpty()) {
          sources.add(turn);
        }
      }
      items.add(new CaptureScore.Item(m.path("text").asText(), sources));
    }
    return items;
  }

  /** Runs the Reflector over the chat now (waiting out a scheduled run); the run record. */
  JsonNode reflect(String chat) throws IOException, InterruptedException {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("agent", agent);
    query.put("chat", chat);
    for (int attempt = 1; ; attempt++) {
      try {
        return api.postCapture("/v1/reflector/run", query);
      } catch (EngramApi.ApiException e) {
        if (e.status() != 409 || attempt >= BUSY_RETRIES) {
          throw e;
        }
        Thread.sleep(1000); // reflector_busy: a scheduled run holds the chat
      }
    }
  }

  /** The embedding of every distinct text, in batches. */
  Map<String, float[]> embed(Set<String> texts) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(texts);
    Map<String, float[]> vectors = new LinkedHashMap<>();
    for (int from = 0; from < all.size(); from += EMBED_BATCH) {
      List<String> batch = all.subList(from, Math.min(all.size(), from + EMBED_BATCH));
      ObjectNode body = EngramApi.JSON.createObjectNode();
      ArrayNode input = body.putArray("input");
      batch.forEach(input::add);
      JsonNode data = api.postRecall("/v1/embeddings", body).path("data");
      for (JsonNode d : data) {
        JsonNode e = d.path("embedding");
        float[] v = new float[e.size()];
        for (int i = 0; i < v.length; i++) {
          v[i] = (float) e.get(i).asDouble();
        }
        vectors.put(batch.get(d.path("index").asInt()), v);
      }
    }
    return vectors;
  }

  private List<JsonNode> pages(String path, String chat, Map<String, String> extra)
      throws IOException, InterruptedException {
    List<JsonNode> items = new ArrayList<>();
    String cursor = null;
    do {
      Map<String, String> query = new LinkedHashMap<>(extra);
      query.put("agent", agent);
      query.put("chat", chat);
      query.put("limit", "200");
      query.put("cursor", cursor);
      JsonNode page = api.getCapture(path, query);
      page.path("items").forEach(items::add);
      cursor = page.hasNonNull("next_cursor") ? page.get("next_cursor").asText() : null;
    } while (cursor != null);
    return items;
  }
}
