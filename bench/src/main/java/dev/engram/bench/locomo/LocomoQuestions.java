package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Latencies;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Asks every question of a conversation through {@code POST /v1/recall} within that conversation's
 * chat and maps each recalled item to the LoCoMo turns it came from: an exchange by its {@code
 * dia_id} metadata, a memory by its provenance ({@code source_exchange_ids}).
 */
final class LocomoQuestions {

  private final EngramApi api;
  private final String agent;
  private final int k;
  private final Map<Long, String> diaIdOfExchange;
  final Latencies clientMillis = new Latencies();
  final Latencies serverMillis = new Latencies();

  LocomoQuestions(EngramApi api, String agent, int k, Map<Long, String> diaIdOfExchange) {
    this.api = api;
    this.agent = agent;
    this.k = k;
    this.diaIdOfExchange = diaIdOfExchange;
  }

  /** One result line per question, in file order. */
  List<ResultLine> ask(List<LocomoData.Conversation> conversations, int concurrency)
      throws IOException, InterruptedException {
    List<Future<ResultLine>> futures = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
      for (LocomoData.Conversation c : conversations) {
        for (LocomoData.Question q : c.questions()) {
          futures.add(pool.submit(() -> ask(c.sampleId(), q)));
        }
      }
      List<ResultLine> lines = new ArrayList<>(futures.size());
      for (Future<ResultLine> f : futures) {
        try {
          lines.add(f.get());
        } catch (ExecutionException e) {
          pool.shutdownNow();
          throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
      }
      return lines;
    }
  }

  private ResultLine ask(String chat, LocomoData.Question q)
      throws IOException, InterruptedException {
    if (q.question().isBlank()) {
      return new ResultLine(chat, q.index(), q.category(), List.of());
    }
    ObjectNode body = EngramApi.JSON.createObjectNode();
    body.put("agent", agent);
    body.put("chat", chat);
    body.put("query", q.question());
    body.put("k", k);
    long start = System.nanoTime();
    JsonNode answer = api.postRecall("/v1/recall", body);
    clientMillis.add((System.nanoTime() - start) / 1e6);
    if (answer.has("took_ms")) {
      serverMillis.add(answer.get("took_ms").asDouble());
    }
    List<ResultLine.Skipped> skipped = new ArrayList<>();
    for (JsonNode signal : answer.path("skipped_signals")) {
      skipped.add(
          new ResultLine.Skipped(signal.path("signal").asText(), signal.path("reason").asText()));
    }
    List<ResultLine.Item> items = new ArrayList<>();
    for (JsonNode item : answer.path("items")) {
      if (items.size() == k) {
        break;
      }
      items.add(
          new ResultLine.Item(
              item.path("id").asLong(),
              item.path("kind").asText(),
              diaIds(item),
              item.path("score").asDouble()));
    }
    return new ResultLine(chat, q.index(), q.category(), items, skipped);
  }

  /** The turns an item came from: its own {@code dia_id}, then those of its source exchanges. */
  List<String> diaIds(JsonNode item) {
    Set<String> ids = new LinkedHashSet<>();
    String own = item.path("metadata").path("dia_id").asText("");
    if (!own.isEmpty()) {
      ids.add(own);
    } else if ("exchange".equals(item.path("kind").asText())) {
      String mapped = diaIdOfExchange.get(item.path("id").asLong());
      if (mapped != null) {
        ids.add(mapped);
      }
    }
    for (JsonNode source : sources(item)) {
      String mapped = diaIdOfExchange.get(source.asLong());
      if (mapped != null) {
        ids.add(mapped);
      }
    }
    return new ArrayList<>(ids);
  }

  private static JsonNode sources(JsonNode item) {
    JsonNode direct = item.path("source_exchange_ids");
    return direct.isArray() ? direct : item.path("provenance").path("exchange_ids");
  }
}
