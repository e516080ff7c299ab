package dev.engram.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ./engram demo}: stores a short conversation and a few memories through capture-service's
 * public API with the local admin key, waits until recall-service has indexed them (the outbox
 * delivers them asynchronously), and shows what recall finds and which signals found it.
 */
final class Demo {

  private static final String AGENT = "demo-bot";
  private static final Duration INDEX_WAIT = Duration.ofSeconds(30);
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(15);
  private static final List<String[]> EXCHANGES =
      List.of(
          new String[] {"alice", "user", "Hi! I'm Alice. I moved to Lisbon last month."},
          new String[] {AGENT, "assistant", "Welcome to Lisbon, Alice! How are you settling in?"},
          new String[] {"alice", "user", "Great, but I still need a dentist near Alfama."},
          new String[] {AGENT, "assistant", "I'll keep that in mind and look for one with you."});
  private static final List<String[]> MEMORIES =
      List.of(
          new String[] {"PROFILE", "Alice lives in Lisbon; she moved there last month."},
          new String[] {"PROFILE", "Alice drinks green tea and never coffee."},
          new String[] {"KNOWLEDGE", "Alice is looking for a dentist near Alfama."});
  private static final List<String> QUERIES =
      List.of("Where does Alice live?", "What does Alice like to drink?");

  private final Suite suite;
  private final PrintStream out;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  Demo(Suite suite, PrintStream out) {
    this.suite = suite;
    this.out = out;
  }

  /** Returns the process exit code. */
  int run() throws IOException, InterruptedException {
    for (Component c : List.of(Component.CAPTURE, Component.RECALL)) {
      if (!suite.ready(c)) {
        throw new DemoFailure(
            c.module()
                + " is not running or not ready: start Engram with ./engram up"
                + " (./engram status shows what is up)");
      }
    }
    String chat = "demo:" + Instant.now().getEpochSecond();
    out.println("Storing a conversation in chat " + chat + " (agent " + AGENT + ")");
    storeExchanges(chat);
    Set<String> memoryIds = new LinkedHashSet<>();
    for (String[] memory : MEMORIES) {
      memoryIds.add(storeMemory(chat, memory[0], memory[1]));
    }
    out.println();
    out.println("Waiting until recall-service has indexed them (delivered through the outbox)");
    awaitIndexed(chat, memoryIds);
    for (String query : QUERIES) {
      out.println();
      printRecall(query, recall(chat, query, 5));
    }
    out.println();
    out.println("Try your own: ./engram status shows the URLs; the API is at /q/swagger-ui.");
    return 0;
  }

  private void storeExchanges(String chat) throws IOException, InterruptedException {
    Instant start = Instant.now().minus(5, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
    List<String> items = new ArrayList<>();
    for (int i = 0; i < EXCHANGES.size(); i++) {
      String[] e = EXCHANGES.get(i);
      items.add(
          "{\"agent\":%s,\"chat\":%s,\"speaker\":%s,\"role\":%s,\"text\":%s,\"occurred_at\":%s}"
              .formatted(
                  Json.quote(AGENT),
                  Json.quote(chat),
                  Json.quote(e[0]),
                  Json.quote(e[1]),
                  Json.quote(e[2]),
                  Json.quote(start.plusSeconds(30L * i).toString())));
    }
    post(Component.CAPTURE, "/v1/exchanges", "{\"exchanges\":[" + String.join(",", items) + "]}");
    for (String[] e : EXCHANGES) {
      out.println("  exchange  " + e[0] + ": " + e[2]);
    }
  }

  private String storeMemory(String chat, String category, String text)
      throws IOException, InterruptedException {
    String body =
        "{\"agent\":%s,\"chat\":%s,\"scope\":\"CHAT\",\"category\":%s,\"text\":%s,\"confidence\":0.9}"
            .formatted(Json.quote(AGENT), Json.quote(chat), Json.quote(category), Json.quote(text));
    Object id = asMap(post(Component.CAPTURE, "/v1/memories", body)).get("id");
    out.println("  memory    #" + id + " [" + category + "] " + text);
    return String.valueOf(id);
  }

  private void awaitIndexed(String chat, Set<String> memoryIds)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + INDEX_WAIT.toNanos();
    String last = "";
    while (true) {
      List<Map<String, Object>> items = recall(chat, QUERIES.get(0), 10);
      long memories =
          items.stream()
              .filter(i -> "memory".equals(i.get("kind")))
              .filter(i -> memoryIds.contains(String.valueOf(i.get("id"))))
              .count();
      long exchanges = items.stream().filter(i -> "exchange".equals(i.get("kind"))).count();
      String now =
          "  visible to recall: "
              + memories
              + "/"
              + memoryIds.size()
              + " memories, "
              + exchanges
              + " exchanges";
      if (!now.equals(last)) {
        out.println(now);
        last = now;
      }
      if (memories == memoryIds.size() && exchanges > 0) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        if (memories + exchanges > 0) {
          out.println("  (not everything was indexed within 30 s; showing what is there)");
          return;
        }
        throw new DemoFailure(
            "nothing was indexed within 30 s: see ./engram logs capture (outbox) and"
                + " ./engram logs recall");
      }
      Thread.sleep(500);
    }
  }

  private List<Map<String, Object>> recall(String chat, String query, int k)
      throws IOException, InterruptedException {
    String body =
        "{\"agent\":%s,\"chat\":%s,\"query\":%s,\"k\":%d}"
            .formatted(Json.quote(AGENT), Json.quote(chat), Json.quote(query), k);
    Object items = asMap(post(Component.RECALL, "/v1/recall", body)).get("items");
    List<Map<String, Object>> result = new ArrayList<>();
    if (items instanceof List<?> list) {
      list.forEach(i -> result.add(asMap(i)));
    }
    return result;
  }

  private void printRecall(String query, List<Map<String, Object>> items) {
    out.println("recall \"" + query + "\"");
    if (items.isEmpty()) {
      out.println("  (nothing found)");
    }
    int rank = 1;
    for (Map<String, Object> item : items) {
      String kind = String.valueOf(item.get("kind"));
      String text = String.valueOf(item.get("text"));
      if ("exchange".equals(kind) && item.get("speaker") != null) {
        text = item.get("speaker") + ": " + text;
      }
      out.printf(
          "  %2d. %-8s %7.4f  %s%n", rank++, kind, number(item.get("score")), shorten(text, 90));
      out.println("                         found by: " + signals(item.get("signals")));
    }
  }

  private static String signals(Object signals) {
    List<String> found = new ArrayList<>();
    asMap(signals)
        .forEach(
            (name, value) -> {
              Map<String, Object> s = asMap(value);
              found.add(
                  String.format("%s #%s (%.3f)", name, s.get("rank"), number(s.get("score"))));
            });
    return found.isEmpty() ? "-" : String.join(", ", found);
  }

  private Object post(Component c, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(suite.url(c) + path))
            .timeout(CALL_TIMEOUT)
            .header("Authorization", "Bearer " + suite.adminKey())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() / 100 != 2) {
      throw new DemoFailure(
          "POST "
              + c.module()
              + path
              + " answered "
              + response.statusCode()
              + ":\n"
              + response.body());
    }
    return response.body().isBlank() ? Map.of() : Json.parse(response.body());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  private static double number(Object value) {
    return value instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  private static String shorten(String text, int max) {
    String flat = text.replaceAll("\\s+", " ").strip();
    return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
  }

  /** The demo could not go on; the message says what to do. */
  static final class DemoFailure extends RuntimeException {
    DemoFailure(String message) {
      super(message);
    }
  }
}
