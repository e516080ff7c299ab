package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * MicroClaw's {@code memory_query} context op as the bench drives it: chat_id n is Engram chat
 * {@code microclaw:n} of the agent (recall's MCP mapping), a few memories are seeded in each so the
 * op returns rows, and its REST baseline is the work the op does on capture-service: one page of
 * the chat's newest ACTIVE CHAT memories and, at the same time, one of the agent's AGENT memories
 * (the rows MicroClaw sees in every chat), {@code GET /v1/memories?min_confidence=0.45
 * &unexpired=true&order=updated&limit=<limit>}. {@link #everyRow} is what the op read before it
 * asked capture to filter and order (every page of both), kept as the second reference.
 */
final class MicroClawContext implements AutoCloseable {

  private static final int PAGE = 200;

  /** Synthetic memory numbers of the seeded rows, far from the ingested set's. */
  private static final long SEED_BASE = 3_000_000_000L;

  private final EngramApi api;
  private final SyntheticSet set;
  private final int chats;
  private final int limit;
  private final ExecutorService chatListing = Executors.newSingleThreadExecutor();

  MicroClawContext(EngramApi api, SyntheticSet set, int chats, int limit) {
    this.api = api;
    this.set = set;
    this.chats = chats;
    this.limit = limit;
  }

  static String chat(long chatId) {
    return "microclaw:" + chatId;
  }

  /** MicroClaw's chat id of call {@code i}: 1..chats in turn. */
  long chatId(long i) {
    return 1 + Math.floorMod(i, chats);
  }

  /** The arguments of call {@code i}, as MicroClaw sends them. */
  String arguments(long i) {
    return "{\"op\":\"context\",\"chat_id\":" + chatId(i) + ",\"limit\":" + limit + "}";
  }

  /** Writes {@code perChat} memories into each chat that has none yet (a re-run adds nothing). */
  void seed(int perChat, PrintStream out) throws IOException, InterruptedException {
    int written = 0;
    for (long chatId = 1; chatId <= chats; chatId++) {
      JsonNode page = list(chat(chatId), "CHAT", 1, null);
      if (page.path("items").size() > 0) {
        continue;
      }
      for (int j = 0; j < perChat; j++) {
        long n = SEED_BASE + chatId * 10_000 + j;
        api.postCapture(
            "/v1/memories",
            LoadIngest.body(set.agent(), chat(chatId), set.generator().memory(n), n));
        written++;
      }
    }
    out.printf(
        "MicroClaw chats microclaw:1..%d of agent %s: %d memories seeded (%d a chat when empty)%n",
        chats, set.agent(), written, perChat);
  }

  /** The REST baseline of call {@code i}: {@code {"rows": n}}, n as capture listed them. */
  JsonNode rest(long i) throws IOException, InterruptedException {
    return both(i, (chat, scope) -> newest(chat, scope).path("items").size());
  }

  /** The op's work before capture filtered and ordered for it: every page of both listings. */
  JsonNode everyRow(long i) throws IOException, InterruptedException {
    return both(i, this::listAll);
  }

  private interface Listing {
    int rows(String chat, String scope) throws IOException, InterruptedException;
  }

  private JsonNode both(long i, Listing listing) throws IOException, InterruptedException {
    String chat = chat(chatId(i));
    Future<Integer> chatRows = chatListing.submit(() -> listing.rows(chat, "CHAT"));
    int rows = listing.rows(null, "AGENT");
    try {
      rows += chatRows.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
    ObjectNode answer = EngramApi.JSON.createObjectNode();
    answer.put("rows", rows);
    return answer;
  }

  private JsonNode newest(String chat, String scope) throws IOException, InterruptedException {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("agent", set.agent());
    query.put("chat", chat);
    query.put("scope", scope);
    query.put("status", "ACTIVE");
    query.put("min_confidence", "0.45");
    query.put("unexpired", "true");
    query.put("order", "updated");
    query.put("limit", Integer.toString(limit));
    return api.getCapture("/v1/memories", query);
  }

  private int listAll(String chat, String scope) throws IOException, InterruptedException {
    int rows = 0;
    String cursor = null;
    do {
      JsonNode page = list(chat, scope, PAGE, cursor);
      rows += page.path("items").size();
      cursor = page.path("next_cursor").isTextual() ? page.get("next_cursor").asText() : null;
    } while (cursor != null);
    return rows;
  }

  private JsonNode list(String chat, String scope, int pageSize, String cursor)
      throws IOException, InterruptedException {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("agent", set.agent());
    query.put("chat", chat);
    query.put("scope", scope);
    query.put("status", "ACTIVE");
    query.put("limit", Integer.toString(pageSize));
    query.put("cursor", cursor);
    return api.getCapture("/v1/memories", query);
  }

  @Override
  public void close() {
    chatListing.shutdownNow();
  }
}
