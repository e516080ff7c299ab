package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stores each conversation as the exchanges of its own chat (agent {@code --agent}, chat = {@code
 * sample_id}) through {@code POST /v1/exchanges}, in order, at its sessions' dates. A chat that
 * already holds exactly the file's turns is reused, so a re-run (e.g. after restarting recall with
 * other weights) asks the questions without writing again.
 */
final class LocomoIngest {

  private final EngramApi api;
  private final PrintStream out;
  private final String agent;
  private final int batchSize;

  /** Exchange id → the LoCoMo turn id it holds, over every conversation. */
  final Map<Long, String> diaIdOfExchange = new ConcurrentHashMap<>();

  final AtomicInteger written = new AtomicInteger();
  final AtomicInteger reused = new AtomicInteger();
  final AtomicLong firstWriteNanos = new AtomicLong(Long.MAX_VALUE);
  final AtomicLong lastWriteNanos = new AtomicLong();

  LocomoIngest(EngramApi api, PrintStream out, String agent, int batchSize) {
    this.api = api;
    this.out = out;
    this.agent = agent;
    this.batchSize = batchSize;
  }

  /** Stores (or finds) every conversation, {@code concurrency} chats at a time. */
  void run(List<LocomoData.Conversation> conversations, int concurrency)
      throws IOException, InterruptedException {
    try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
      List<Future<?>> tasks = new ArrayList<>();
      for (LocomoData.Conversation c : conversations) {
        tasks.add(
            pool.submit(
                () -> {
                  conversation(c);
                  return null;
                }));
      }
      for (Future<?> task : tasks) {
        try {
          task.get();
        } catch (java.util.concurrent.ExecutionException e) {
          pool.shutdownNow();
          if (e.getCause() instanceof IOException io) {
            throw io;
          }
          throw new IOException(e.getCause());
        }
      }
    }
  }

  private void conversation(LocomoData.Conversation c) throws IOException, InterruptedException {
    Map<Long, String> existing = existing(c.sampleId());
    if (!existing.isEmpty()) {
      if (existing.size() != c.turnCount()
          || !new java.util.HashSet<>(existing.values()).equals(c.turnIds())) {
        throw new IOException(
            "chat "
                + agent
                + "/"
                + c.sampleId()
                + " already holds "
                + existing.size()
                + " exchanges that are not this file's "
                + c.turnCount()
                + " turns: use another --agent (or a fresh ENGRAM_HOME)");
      }
      diaIdOfExchange.putAll(existing);
      reused.addAndGet(existing.size());
      out.printf("  %s: reusing the %d exchanges already stored%n", c.sampleId(), existing.size());
      return;
    }
    List<String> warnings = new ArrayList<>();
    List<Instant> starts = SessionDates.starts(c.sessions(), warnings);
    warnings.forEach(w -> out.println("  " + c.sampleId() + ": " + w));
    List<ObjectNode> pending = new ArrayList<>();
    List<String> pendingIds = new ArrayList<>();
    for (int s = 0; s < c.sessions().size(); s++) {
      LocomoData.Session session = c.sessions().get(s);
      for (int i = 0; i < session.turns().size(); i++) {
        LocomoData.Turn turn = session.turns().get(i);
        pending.add(exchange(c.sampleId(), session, turn, SessionDates.turnTime(starts.get(s), i)));
        pendingIds.add(turn.diaId());
        if (pending.size() == batchSize) {
          append(pending, pendingIds);
        }
      }
    }
    if (!pending.isEmpty()) {
      append(pending, pendingIds);
    }
    out.printf("  %s: stored %d exchanges%n", c.sampleId(), c.turnCount());
  }

  private ObjectNode exchange(
      String chat, LocomoData.Session session, LocomoData.Turn turn, Instant at) {
    ObjectNode e = EngramApi.JSON.createObjectNode();
    String speaker = turn.speaker().isBlank() ? "unknown" : turn.speaker().strip();
    e.put("agent", agent);
    e.put("chat", chat);
    e.put("session", Integer.toString(session.number()));
    e.put("speaker", speaker);
    e.put("role", "user");
    e.put("text", text(speaker, turn));
    e.put("occurred_at", at.toString());
    ObjectNode metadata = e.putObject("metadata");
    metadata.put("dia_id", turn.diaId());
    metadata.put("session", Integer.toString(session.number()));
    return e;
  }

  /** {@code "<speaker>: <text>"}, plus the shared image's caption when there is one. */
  static String text(String speaker, LocomoData.Turn turn) {
    String text = speaker + ": " + turn.text().strip();
    return turn.caption() == null || turn.caption().isBlank()
        ? text
        : text + " [shares " + turn.caption().strip() + "]";
  }

  private void append(List<ObjectNode> batch, List<String> diaIds)
      throws IOException, InterruptedException {
    ObjectNode body = EngramApi.JSON.createObjectNode();
    ArrayNode exchanges = body.putArray("exchanges");
    batch.forEach(exchanges::add);
    firstWriteNanos.accumulateAndGet(System.nanoTime(), Math::min);
    JsonNode answer = api.postCapture("/v1/exchanges", body);
    lastWriteNanos.accumulateAndGet(System.nanoTime(), Math::max);
    JsonNode items = answer.path("items");
    if (items.size() != batch.size()) {
      throw new IOException(
          "capture stored " + items.size() + " of " + batch.size() + " exchanges");
    }
    for (int i = 0; i < items.size(); i++) {
      diaIdOfExchange.put(items.get(i).path("id").asLong(), diaIds.get(i));
    }
    written.addAndGet(batch.size());
    batch.clear();
    diaIds.clear();
  }

  /** The chat's stored exchanges (id → dia_id from their metadata), every page. */
  private Map<Long, String> existing(String chat) throws IOException, InterruptedException {
    Map<Long, String> found = new LinkedHashMap<>();
    String cursor = null;
    do {
      Map<String, String> query = new LinkedHashMap<>();
      query.put("agent", agent);
      query.put("chat", chat);
      query.put("limit", "200");
      query.put("cursor", cursor);
      JsonNode page = api.getCapture("/v1/exchanges", query);
      for (JsonNode e : page.path("items")) {
        found.put(e.path("id").asLong(), e.path("metadata").path("dia_id").asText(""));
      }
      cursor = page.hasNonNull("next_cursor") ? page.get("next_cursor").asText() : null;
    } while (cursor != null);
    return found;
  }
}
