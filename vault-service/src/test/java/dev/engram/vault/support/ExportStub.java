package dev.engram.vault.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.engram.vault.contract.SourceContracts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The three source services' {@code GET /internal/v1/export} (docs/backup-format.md), served by one
 * JDK HTTP server under {@code /capture}, {@code /graph} and {@code /recall}. The other Engram
 * services cannot run inside the vault's tests; this stub follows their contract fixtures
 * (docs/contracts, which the real services are tested against): its export headers are the
 * fixtures' headers, {@link #serveContract()} serves the fixture exports verbatim, and an import or
 * reprojection request of another shape than the fixture request gets 400 and is listed in {@link
 * #DRIFT}, so the stub cannot drift from the real services.
 */
public final class ExportStub {

  public static final String INTERNAL_KEY = "vault-internal-test";

  /** recall's embedding model, as its export fixture names it. */
  public static final String MODEL =
      SourceContracts.exportHeader("recall").path("embedding_model").asText();

  /** Requests the stub refused because they differ from the contract fixtures. */
  public static final List<String> DRIFT = new java.util.concurrent.CopyOnWriteArrayList<>();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static volatile boolean verbatim;

  /** How a source answers. */
  public enum Mode {
    OK,
    HTTP_500,
    /** The stream stops before its end line, as when the service dies mid-export. */
    CUT,
    /** The end line reports a count other than what was sent. */
    MISCOUNT,
    /** Sends its header, then waits for {@link #release()}. */
    BLOCK,
    /** Exports no stream at all: a header and an end line with empty counts. */
    EMPTY
  }

  private static HttpServer server;
  private static final Map<String, Mode> MODES = new ConcurrentHashMap<>();
  private static volatile CountDownLatch gate = new CountDownLatch(0);
  private static volatile int vectors = 1500;
  private static volatile String recallModel = MODEL;
  private static volatile boolean reprojectFails;

  /** The bodies of capture's {@code POST /internal/v1/reproject}, in order. */
  public static final List<String> REPROJECTS = new java.util.concurrent.CopyOnWriteArrayList<>();

  /**
   * Sources that serve these records (stream name, record JSON) instead of the generated ones, in
   * order; set by {@link #fixture}.
   */
  private static final Map<String, List<String[]>> FIXTURES = new ConcurrentHashMap<>();

  /** What each source's import received: query, header, records per stream, the end line. */
  public static final Map<String, Import> IMPORTS = new ConcurrentHashMap<>();

  /** One import request as received. */
  public record Import(
      String query, String header, Map<String, List<String>> records, String end) {}

  private ExportStub() {}

  public static synchronized String start() {
    if (server == null) {
      try {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (String source : streams().keySet()) {
        server.createContext("/" + source + "/internal/v1/export", x -> serve(source, x));
        server.createContext("/" + source + "/internal/v1/import", x -> load(source, x));
      }
      server.createContext("/capture/internal/v1/reproject", ExportStub::reproject);
      server.start();
    }
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public static synchronized void stop() {
    if (server != null) {
      gate.countDown();
      server.stop(0);
      server = null;
    }
  }

  public static void reset() {
    verbatim = false;
    DRIFT.clear();
    vectors = 1500;
    recallModel = MODEL;
    reprojectFails = false;
    REPROJECTS.clear();
    IMPORTS.clear();
    MODES.clear();
    FIXTURES.clear();
    gate.countDown();
  }

  public static void mode(String source, Mode mode) {
    if (mode == Mode.BLOCK) {
      gate = new CountDownLatch(1);
    }
    MODES.put(source, mode);
  }

  /** How many vectors recall exports (each with a 384-dimension embedding). */
  public static void vectors(int count) {
    vectors = count;
  }

  /** The embedding model of the running recall; its import refuses vectors of another (409). */
  public static void recallModel(String model) {
    recallModel = model;
  }

  /** capture answers its reprojection with 400 problem+json. */
  public static void reprojectFails() {
    reprojectFails = true;
  }

  /**
   * {@code source} exports exactly these records from now on (until {@link #reset()}): pairs of
   * stream name and record JSON, as real services export them.
   */
  public static void fixture(String source, List<String[]> records) {
    FIXTURES.put(source, List.copyOf(records));
  }

  /**
   * Every source exports its contract fixture (docs/contracts/export/&lt;source&gt;.ndjson)
   * verbatim, header included, and answers imports with the fixture answers, until {@link
   * #reset()}.
   */
  public static void serveContract() {
    for (String source : List.of("capture", "graph", "recall")) {
      fixture(source, SourceContracts.exportRecords(source));
    }
    verbatim = true;
  }

  /**
   * The export header: the fixture's, except (unless {@link #serveContract()}) a version that tells
   * the stub from a real service and a field of a newer service, which the vault must ignore.
   */
  private static String exportHeader(String source) {
    ObjectNode header = SourceContracts.exportHeader(source);
    if (!verbatim) {
      header.put("version", "0.1.0-test").put("x_future_field", true);
    }
    return JSON.createObjectNode().set("header", header).toString();
  }

  private static boolean drifted(HttpExchange exchange, String what, List<String> errors)
      throws IOException {
    if (errors.isEmpty()) {
      return false;
    }
    String detail = what + " differs from docs/contracts: " + errors;
    DRIFT.add(detail);
    System.err.println("ExportStub: " + detail);
    answer(
        exchange,
        400,
        JSON.createObjectNode()
            .put("code", "validation_failed")
            .put("status", 400)
            .put("detail", detail)
            .toString());
    return true;
  }

  public static void release() {
    gate.countDown();
  }

  /** Records per stream of each source; streams with 0 appear only in the end line's counts. */
  public static Map<String, Map<String, Integer>> streams() {
    Map<String, Map<String, Integer>> streams = new LinkedHashMap<>();
    streams.put(
        "capture",
        ordered("exchanges", 300, "memories", 1200, "slots", 0, "facts", 80, "audit", 25));
    streams.put("graph", ordered("entities", 60, "facts", 80, "relations", 40, "beliefs", 10));
    streams.put("recall", ordered("vectors", vectors));
    return streams;
  }

  private static Map<String, Integer> ordered(Object... pairs) {
    Map<String, Integer> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], (Integer) pairs[i + 1]);
    }
    return map;
  }

  private static void serve(String source, HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!("Bearer " + INTERNAL_KEY)
          .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
        exchange.sendResponseHeaders(401, -1);
        return;
      }
      String query = exchange.getRequestURI().getRawQuery();
      if (drifted(
          exchange, source + " export", query == null ? List.of() : List.of("query " + query))) {
        return; // the contract: no query parameters
      }
      Mode mode = MODES.getOrDefault(source, Mode.OK);
      if (mode == Mode.HTTP_500) {
        exchange.sendResponseHeaders(500, -1);
        return;
      }
      exchange.getResponseHeaders().add("Content-Type", "application/x-ndjson");
      exchange.sendResponseHeaders(200, 0);
      OutputStream out = exchange.getResponseBody();
      line(out, exportHeader(source));
      if (mode == Mode.BLOCK) {
        out.flush();
        try {
          gate.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      StringBuilder counts = new StringBuilder();
      List<String[]> fixture = FIXTURES.get(source);
      if (fixture != null && mode == Mode.OK) {
        Map<String, Integer> perStream = new LinkedHashMap<>();
        for (String[] record : fixture) {
          line(out, "{\"stream\":\"" + record[0] + "\",\"record\":" + record[1] + "}");
          perStream.merge(record[0], 1, Integer::sum);
        }
        perStream.forEach(
            (stream, count) ->
                counts
                    .append(counts.isEmpty() ? "" : ",")
                    .append('"')
                    .append(stream)
                    .append("\":")
                    .append(count));
        // a real service lists its empty streams too, which records alone cannot say
        line(
            out,
            verbatim
                ? SourceContracts.exportEnd(source)
                : "{\"end\":{\"counts\":{" + counts + "}}}");
        return;
      }
      Map<String, Integer> exported = mode == Mode.EMPTY ? Map.of() : streams().get(source);
      for (Map.Entry<String, Integer> stream : exported.entrySet()) {
        for (int i = 1; i <= stream.getValue(); i++) {
          line(
              out,
              "{\"stream\":\""
                  + stream.getKey()
                  + "\",\"record\":"
                  + ("vectors".equals(stream.getKey())
                      ? vector(i)
                      : record(source, stream.getKey(), i))
                  + "}");
        }
        int reported = stream.getValue() + (mode == Mode.MISCOUNT ? 1 : 0);
        counts
            .append(counts.isEmpty() ? "" : ",")
            .append('"')
            .append(stream.getKey())
            .append("\":")
            .append(reported);
      }
      if (mode != Mode.CUT) {
        line(out, "{\"end\":{\"counts\":{" + counts + "}}}");
      }
    }
  }

  /** Deterministic content, with text that does not compress to nothing. */
  public static String record(String source, String stream, int id) {
    return "{\"tenant\":\"t%d\",\"id\":%d,\"text\":\"%s %s %d %s \\u00e9t\\u00e9\"}"
        .formatted(id % 3, id, source, stream, id, Long.toHexString(id * 0x9E3779B97F4A7C15L));
  }

  /** The import contract: reads it all, answers the counts (inserted unless a dry run). */
  private static void load(String source, HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!("Bearer " + INTERNAL_KEY)
          .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
        exchange.sendResponseHeaders(401, -1);
        return;
      }
      BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(exchange.getRequestBody(), StandardCharsets.UTF_8));
      String header = lines.readLine();
      Map<String, List<String>> records = new LinkedHashMap<>();
      String end = null;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.startsWith("{\"end\"")) {
          end = line;
          continue;
        }
        String stream = line.substring(11, line.indexOf('"', 11));
        String record = line.substring(line.indexOf(",\"record\":") + 10, line.length() - 1);
        records.computeIfAbsent(stream, key -> new ArrayList<>()).add(record);
      }
      String query = exchange.getRequestURI().getQuery();
      if (drifted(
          exchange,
          source + " import",
          SourceContracts.importDrift(source, query, header, records, end))) {
        return;
      }
      IMPORTS.put(source, new Import(query, header, records, end));
      if ("recall".equals(source) && !header.contains("\"embedding_model\":\"" + recallModel)) {
        answer(
            exchange,
            409,
            "{\"code\":\"embedding_model_mismatch\",\"status\":409,\"detail\":\"recall uses "
                + recallModel
                + "\"}");
        return;
      }
      if (verbatim) {
        answer(exchange, 200, SourceContracts.importResponse(source));
        return;
      }
      boolean dryRun = query.contains("dry_run=true");
      StringBuilder counts = new StringBuilder();
      records.forEach(
          (stream, list) ->
              counts
                  .append(counts.isEmpty() ? "" : ",")
                  .append(
                      "\"%s\":{\"received\":%d,\"inserted\":%d,\"updated\":0,\"unchanged\":0}"
                          .formatted(stream, list.size(), dryRun ? 0 : list.size())));
      byte[] body =
          ("{\"applied\":" + !dryRun + ",\"counts\":{" + counts + "}}")
              .getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  /** capture's reprojection: records the body, answers a summary (or 400 when told to fail). */
  private static void reproject(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!("Bearer " + INTERNAL_KEY)
          .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
        exchange.sendResponseHeaders(401, -1);
        return;
      }
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      if (drifted(exchange, "reprojection", SourceContracts.reprojectDrift(body))) {
        return;
      }
      if (reprojectFails) {
        answer(
            exchange,
            400,
            "{\"code\":\"validation_failed\",\"status\":400,\"detail\":\"targets: bad\"}");
        return;
      }
      REPROJECTS.add(body);
      // as capture-service answers: 202, the events are queued, the projections fill in later
      answer(exchange, 202, SourceContracts.reprojectResponse());
    }
  }

  private static void answer(HttpExchange exchange, int status, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    exchange
        .getResponseHeaders()
        .add("Content-Type", status < 300 ? "application/json" : "application/problem+json");
    exchange.sendResponseHeaders(status, body.length);
    exchange.getResponseBody().write(body);
  }

  /** A memory's vector: 384 pseudo-random floats, which hardly compress. */
  public static String vector(int id) {
    StringBuilder json =
        new StringBuilder("{\"tenant\":\"t1\",\"kind\":\"memory\",\"id\":" + id + ",\"vector\":[");
    java.util.Random random = new java.util.Random(id);
    for (int i = 0; i < 384; i++) {
      json.append(i == 0 ? "" : ",").append(random.nextFloat() * 2 - 1);
    }
    return json.append("]}").toString();
  }

  private static void line(OutputStream out, String json) throws IOException {
    out.write(json.getBytes(StandardCharsets.UTF_8));
    out.write('\n');
  }
}
