package dev.engram.bench.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.engram.bench.Args;
import dev.engram.bench.Latencies;
import dev.engram.bench.Machine;
import dev.engram.bench.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bench graph}: benchmarks a running graph-service over HTTP. Fact ingest through the
 * internal operations API (as capture-service's outbox sends it: memories and the facts they
 * source, in batches), then neighbours-for-recall and entity-timeline latencies, one request at a
 * time. Also runnable on its own: {@code java -cp 'bench/target/bench.jar:bench/target/lib/*'
 * dev.engram.bench.graph.GraphBench [flags]}.
 */
public final class GraphBench {

  public static final String USAGE =
      """
        graph                      graph-service: fact ingest, neighbours-for-recall and timeline latency
          --graph URL         graph-service (env ENGRAM_GRAPH_URL; default from config.env, else :8083)
          --internal-key KEY  key with the internal role (env ENGRAM_INTERNAL_KEY; default
                              secrets/internal.key)
          --tenant NAME       tenant written and read (default local: the tenant of --key)
          --entities N        people and cities of the synthetic graph (default 10k)
          --facts N           facts ingested (default 100k), --facts-per-memory N (default 5)
          --batch N           operations per request (default 600)
          --relations N       automatic relations per memory, as capture adds them (default 0):
                              N SIMILAR_TO to earlier memories, a CONTRADICTS for one in ten
          --queries N         measured requests per kind (default 2000), --warmup N (default 300)
          --hops N            max_hops of neighbours (default 2)
          --seed N            generator seed (default 42)
          --skip-ingest       measure only (whatever is stored)
          --json FILE         also write the numbers as JSON
      """;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Instant START = Instant.parse("2021-01-01T00:00:00Z");

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final Args args;
  private final PrintStream log;
  private final String url;
  private final String tenant;
  private final String internalKey;
  private final String agentKey;
  private final String agent = "bot1";
  private final int chats = 20;

  private GraphBench(Args args, Map<String, String> env, PrintStream log) {
    this.args = args;
    this.log = log;
    Path home =
        Path.of(args.string("home", env.getOrDefault("ENGRAM_HOME", ".engram")).strip())
            .toAbsolutePath()
            .normalize();
    Map<String, String> config = Target.readConfig(home.resolve("config.env"));
    String graph = args.string("graph", env.get("ENGRAM_GRAPH_URL"));
    if (graph == null || graph.isBlank()) {
      graph = config.getOrDefault("ENGRAM_GRAPH_URL", "http://127.0.0.1:8083");
    }
    this.url = graph.strip().replaceAll("/+$", "");
    this.tenant = args.string("tenant", "local");
    this.internalKey =
        key(args.string("internal-key", env.get("ENGRAM_INTERNAL_KEY")), home, "internal.key");
    this.agentKey = key(args.string("key", env.get("ENGRAM_API_KEY")), home, "admin.key");
  }

  /** Runs the benchmark; the report goes to {@code out}, progress to stderr. */
  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    new GraphBench(args, env, System.err).run(out);
    return 0;
  }

  public static void main(String[] argv) throws Exception {
    Args args = Args.parse(Arrays.asList(argv), Set.of("skip-ingest"));
    System.exit(run(args, System.getenv(), System.out));
  }

  private int option(String name, int defaultValue) {
    return args.integer(name, defaultValue);
  }

  private void run(PrintStream out) throws IOException, InterruptedException {
    int entities = option("entities", 10_000);
    int seed = option("seed", 42);
    SyntheticGraph graph = new SyntheticGraph(entities, seed);
    boolean skipIngest = args.flag("skip-ingest");
    String json = args.string("json", null);
    int facts = option("facts", 100_000);
    int perMemory = option("facts-per-memory", 5);
    int batchSize = option("batch", 600);
    int relations = option("relations", 0);
    int warmup = option("warmup", 300);
    int queries = option("queries", 2000);
    int hops = option("hops", 2);
    args.finish();
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("url", url);
    report.put("tenant", tenant);
    report.put("started_at", Instant.now().toString());
    report.put("cores", Runtime.getRuntime().availableProcessors());
    if (!skipIngest) {
      RelationOps links = new RelationOps(tenant, relations, seed);
      report.put("ingest", ingest(graph, facts, perMemory, batchSize, links));
    }
    report.put("stats", JSON.convertValue(get("/v1/stats", agentKey), Map.class));
    report.put("neighbours", neighbours(graph, warmup, queries, hops));
    report.put("timeline", timeline(graph, warmup, queries));
    report.put("finished_at", Instant.now().toString());
    String text = JSON.writeValueAsString(report);
    out.println(text);
    if (json != null) {
      Files.writeString(Path.of(json), text);
    }
  }

  /** Memories of five facts each, sent with their facts in batches of about {@code batch} ops. */
  private Map<String, Object> ingest(
      SyntheticGraph graph, int facts, int perMemory, int batchSize, RelationOps links)
      throws IOException {
    String loadBefore = Machine.loadAverage();
    List<Map<String, Object>> batch = new ArrayList<>();
    Latencies batches = new Latencies();
    long factId = 0;
    long memoryId = 0;
    int sentFacts = 0;
    long started = System.nanoTime();
    while (factId < facts) {
      memoryId++;
      boolean chatScoped = graph.nextInt(5) == 0;
      String chat = chatScoped ? "c-" + graph.nextInt(chats) : null;
      Instant at = START.plusSeconds(memoryId * 600);
      StringBuilder text = new StringBuilder();
      List<Map<String, Object>> factOps = new ArrayList<>();
      for (int i = 0; i < perMemory && factId < facts; i++) {
        factId++;
        SyntheticGraph.Fact fact = graph.fact();
        text.append(fact.subject())
            .append(' ')
            .append(fact.predicate().replace('_', ' '))
            .append(' ')
            .append(fact.object())
            .append(". ");
        factOps.add(factOp(factId, memoryId, fact, chat, at));
      }
      batch.add(memoryOp(memoryId, text.toString().strip(), chat, at));
      batch.addAll(factOps);
      batch.addAll(links.of(memoryId, at));
      sentFacts += factOps.size();
      if (batch.size() >= batchSize || factId >= facts) {
        long t = System.nanoTime();
        post("/internal/v1/graph/operations", internalKey, Map.of("operations", batch));
        batches.add((System.nanoTime() - t) / 1e6);
        batch = new ArrayList<>();
        if (batches.count() % 20 == 0) {
          log.printf(
              "ingested %d facts, %.0f facts/s%n",
              sentFacts, sentFacts / ((System.nanoTime() - started) / 1e9));
        }
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("facts", sentFacts);
    result.put("memories", memoryId);
    result.put("seconds", Math.round(seconds * 10) / 10.0);
    result.put("facts_per_second", Math.round(sentFacts / seconds));
    result.put("relations", links.count());
    result.put(
        "operations_per_second", Math.round((sentFacts + memoryId + links.count()) / seconds));
    result.put("batch_latency", batches.toMap());
    result.put("load_average_before", loadBefore);
    result.put("load_average_after", Machine.loadAverage());
    log.println("ingest: " + result);
    return result;
  }

  private Map<String, Object> neighbours(SyntheticGraph graph, int warmup, int queries, int hops)
      throws IOException {
    String loadBefore = Machine.loadAverage();
    Latencies client = new Latencies();
    Latencies server = new Latencies();
    long items = 0;
    for (int i = 0; i < warmup + queries; i++) {
      Map<String, Object> body = new HashMap<>();
      body.put("tenant", tenant);
      body.put("agent", agent);
      body.put("chat", "c-" + graph.nextInt(chats));
      body.put("query", "What do you know about " + graph.person() + "?");
      body.put("max_hops", hops);
      body.put("limit", 50);
      long t = System.nanoTime();
      JsonNode answer = post("/internal/v1/graph/neighbours", internalKey, body);
      long elapsed = System.nanoTime() - t;
      if (i >= warmup) {
        client.add(elapsed / 1e6);
        server.add(answer.get("took_ms").asLong());
        items += answer.get("items").size();
      }
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("max_hops", hops);
    result.put("client", client.toMap());
    result.put("server_took_ms", server.toMap());
    result.put("mean_items", Math.round(items * 10.0 / queries) / 10.0);
    result.put("load_average_before", loadBefore);
    result.put("load_average_after", Machine.loadAverage());
    log.println("neighbours: " + client + " (items/query " + items / queries + ")");
    return result;
  }

  private Map<String, Object> timeline(SyntheticGraph graph, int warmup, int queries)
      throws IOException {
    String loadBefore = Machine.loadAverage();
    Latencies latencies = new Latencies();
    long facts = 0;
    for (int i = 0; i < warmup + queries; i++) {
      String name = URLEncoder.encode(graph.person(), StandardCharsets.UTF_8).replace("+", "%20");
      long t = System.nanoTime();
      JsonNode answer =
          get("/v1/entities/" + name + "/timeline?agent=" + agent + "&limit=200", agentKey);
      long elapsed = System.nanoTime() - t;
      if (i >= warmup) {
        latencies.add(elapsed / 1e6);
        facts += answer.get("facts").size();
      }
    }
    Map<String, Object> result = new LinkedHashMap<>(latencies.toMap());
    result.put("mean_facts", Math.round(facts * 10.0 / queries) / 10.0);
    result.put("load_average_before", loadBefore);
    result.put("load_average_after", Machine.loadAverage());
    log.println("timeline: " + latencies + " (facts/entity " + facts / queries + ")");
    return result;
  }

  private Map<String, Object> memoryOp(long id, String text, String chat, Instant at) {
    Map<String, Object> m = new HashMap<>();
    m.put("tenant", tenant);
    m.put("id", id);
    m.put("version", 1);
    m.put("agent", agent);
    m.put("chat", chat);
    m.put("scope", chat == null ? "AGENT" : "CHAT");
    m.put("category", "KNOWLEDGE");
    m.put("status", "ACTIVE");
    m.put("text", text);
    m.put("confidence", 0.9);
    m.put("created_at", at.toString());
    return Map.of("op", "upsert_memory", "memory", m);
  }

  private Map<String, Object> factOp(
      long id, long memory, SyntheticGraph.Fact fact, String chat, Instant at) {
    Map<String, Object> f = new HashMap<>();
    f.put("tenant", tenant);
    f.put("id", id);
    f.put("version", 1);
    f.put("agent", agent);
    f.put("chat", chat);
    f.put("scope", chat == null ? "AGENT" : "CHAT");
    f.put("subject", fact.subject());
    f.put("predicate", fact.predicate());
    f.put("object", fact.object());
    f.put("valid_from", at.minusSeconds(86_400).toString());
    f.put("recorded_at", at.toString());
    f.put("confidence", 0.5 + (id % 50) / 100.0);
    f.put("source_memory_ids", List.of(memory));
    f.put("status", "ACTIVE");
    return Map.of("op", "upsert_fact", "fact", f);
  }

  /** The key given, else the one {@code ./engram up} wrote under {@code secrets/}. */
  private static String key(String given, Path home, String file) {
    if (given != null && !given.isBlank()) {
      return given.strip();
    }
    Path path = home.resolve("secrets").resolve(file);
    try {
      return Files.readString(path, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "no key: give it as a flag or start the suite with ./engram up (it writes " + path + ")");
    }
  }

  private JsonNode post(String path, String key, Object body) throws IOException {
    return send(
        HttpRequest.newBuilder(URI.create(url + path))
            .header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(120))
            .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
            .build());
  }

  private JsonNode get(String path, String key) throws IOException {
    return send(
        HttpRequest.newBuilder(URI.create(url + path))
            .header("Authorization", "Bearer " + key)
            .timeout(Duration.ofSeconds(30))
            .GET()
            .build());
  }

  private JsonNode send(HttpRequest request) throws IOException {
    try {
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IOException(
            request.method()
                + " "
                + request.uri()
                + " answered "
                + response.statusCode()
                + ": "
                + new String(response.body(), StandardCharsets.UTF_8));
      }
      return JSON.readTree(response.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
