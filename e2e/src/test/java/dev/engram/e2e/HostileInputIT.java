package dev.engram.e2e;

import static dev.engram.e2e.HostileRequests.abbreviate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 12's hostile-input suite on the packaged suite: every public operation of every service's
 * OpenAPI document gets generated hostile requests (see {@link HostileRequests}) with one key
 * holding every role, in a tenant of its own. Every answer is below 500, every 4xx is problem+json
 * with {@code status} and {@code code}, every service is ready after each operation, and capture's
 * {@code /v1/stats} counts do not move on a refused write. Values come from a seeded {@link Random}
 * (seed printed, {@code -Dhostile.seed} replays a run), so that the run is one suite start under
 * failsafe's JUnit Jupiter alone, with no second test engine.
 */
@Tag(SharedSuite.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileInputIT {

  private static final String KEY = Keys.random();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<Component> SERVICES =
      List.of(Component.CAPTURE, Component.RECALL, Component.GRAPH, Component.VAULT);

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  // The shared suite's rate limiter is off: 429s would hide what the rest of a batch does.
  @RegisterExtension
  static final SharedSuite SHARED =
      SharedSuite.withKeys(KEY, "e2e-hostile:hostile:agent+admin+ops");

  private TestSuite started;
  private Suite suite;

  @BeforeAll
  void useTheSharedSuite() {
    started = SHARED.started();
    suite = started.suite;
  }

  @Test
  void everyPublicOperationRefusesHostileInputCleanly() throws Exception {
    long seed = Long.getLong("hostile.seed", System.nanoTime());
    System.out.println("[hostile] seed " + seed + " (replay with -Dhostile.seed=" + seed + ")");
    Random random = new Random(seed);
    List<String> findings = new ArrayList<>();
    Map<Component, Integer> counts = new LinkedHashMap<>();
    for (Component service : SERVICES) {
      JsonNode openapi = JSON.readTree(send(service, "GET", "/q/openapi?format=json", null, null));
      HostileRequests generator = new HostileRequests(openapi, random);
      int sent = 0;
      int accepted = 0;
      for (Iterator<Map.Entry<String, JsonNode>> paths = openapi.path("paths").fields();
          paths.hasNext(); ) {
        Map.Entry<String, JsonNode> path = paths.next();
        if (path.getKey().startsWith("/internal/") || path.getKey().startsWith("/q/")) {
          continue;
        }
        for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields();
            ops.hasNext(); ) {
          Map.Entry<String, JsonNode> op = ops.next();
          String method = op.getKey().toUpperCase();
          if (!List.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
            continue;
          }
          boolean write = service == Component.CAPTURE && !method.equals("GET");
          JsonNode before = write ? counts() : null;
          for (HostileRequests.Request request :
              generator.requests(path.getKey(), path.getValue(), op.getValue())) {
            sent++;
            String where =
                service + " " + method + " " + path.getKey() + " [" + request.what() + "]";
            HttpResponse<String> answer;
            try {
              answer = exchange(service, method, request);
            } catch (IOException e) {
              findings.add(where + " " + abbreviate(request.target()) + ": no answer (" + e + ")");
              continue;
            }
            check(where, request, answer, findings);
            accepted += answer.statusCode() < 400 ? 1 : 0;
            if (write) {
              JsonNode after = counts();
              if (answer.statusCode() >= 400 && !after.equals(before)) {
                findings.add(
                    where
                        + ": refused with "
                        + answer.statusCode()
                        + " but stored: "
                        + before
                        + " -> "
                        + after);
              }
              before = after;
            }
          }
          for (Component each : SERVICES) {
            HttpResponse<String> ready = get(each, "/q/health/ready");
            if (ready.statusCode() != 200) {
              findings.add(
                  each
                      + " not ready after "
                      + service
                      + " "
                      + method
                      + " "
                      + path.getKey()
                      + ": "
                      + ready.statusCode()
                      + " "
                      + ready.body());
            }
          }
        }
      }
      counts.put(service, sent);
      System.out.println("[hostile] " + service + ": " + accepted + " of " + sent + " accepted");
      System.out.println(
          "[hostile] NOTE " + service + " 100 KiB request line: " + oversized(service));
    }
    System.out.println("[hostile] requests per service " + counts);
    printCauses(findings);
    findings.forEach(f -> System.out.println("[hostile] FINDING " + f));
    assertTrue(counts.values().stream().allMatch(n -> n > 0), "every service had operations");
    assertTrue(
        findings.isEmpty(),
        findings.size() + " findings, first: " + findings.stream().limit(5).toList());
  }

  /**
   * Issue 28: MCP messages that break JSON-RPC or MCP are answered with a JSON-RPC error (never a
   * hang or a 500) and run nothing: capture's counts stay as they were.
   */
  @Test
  void mcpMessagesBreakingTheProtocolAreAnsweredAndRunNothing() throws Exception {
    RawMcp mcp = new RawMcp(suite.url(Component.RECALL), KEY);
    String remember =
        "{\"name\":\"remember\",\"arguments\":{\"agent\":\"bot1\",\"text\":\"Alice likes tea\"}}";
    JsonNode before = counts();
    String batches = mcp.open("2025-03-26");
    String modern = mcp.open("2025-06-18");

    error(mcp.post(modern, RawMcp.call(7, "tools/call", "{}")), 200, -32602, "params.name");
    RawMcp.Answer mixed =
        mcp.post(
            batches,
            "["
                + RawMcp.call(8, "tools/call", remember)
                + ","
                + RawMcp.call(9, "tools/call", "{}")
                + "]");
    assertEquals(400, mixed.status(), mixed.body());
    assertEquals(2, mixed.messages().size(), mixed.body());
    error(
        mcp.post(null, RawMcp.call(1, "initialize", "{\"protocolVersion\":null}")),
        200,
        -32602,
        "protocolVersion");
    error(
        mcp.post(
            modern, "{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":" + remember + "}"),
        400,
        -32600,
        "needs an \"id\"");
    for (String id : List.of("{\"a\":1}", "[1]", "true", "0.5")) {
      error(mcp.post(modern, RawMcp.call(id, "tools/call", remember)), 400, -32600, "\"id\"");
    }
    error(mcp.post(modern, lists(2)), 400, -32600, "2025-03-26");
    long start = System.nanoTime();
    RawMcp.Answer thousand = mcp.post(batches, lists(1000));
    System.out.printf(
        "[hostile] NOTE MCP batch of 1,000 tools/list: %d, %d bytes in %d ms%n",
        thousand.status(), thousand.body().length(), (System.nanoTime() - start) / 1_000_000);
    error(thousand, 400, -32600, "at most 20");
    RawMcp.Answer twenty = mcp.post(batches, lists(20));
    assertEquals(20, twenty.messages().stream().filter(m -> m.has("result")).count());
    System.out.println(
        "[hostile] NOTE MCP batch of 20 tools/list: " + twenty.body().length() + " bytes");
    JsonNode surrogate =
        mcp.post(
                modern,
                RawMcp.call(
                    5,
                    "tools/call",
                    "{\"name\":\"remember\",\"arguments\":{\"agent\":\"bot1\",\"text\":\"tea \\ud800\"}}"))
            .message();
    assertTrue(surrogate.path("result").path("isError").asBoolean(), surrogate.toString());
    assertTrue(surrogate.toString().contains("lone surrogate"), surrogate.toString());
    assertEquals(before, counts(), "a refused MCP message stored nothing");
  }

  private static String lists(int n) {
    return java.util.stream.IntStream.range(0, n)
        .mapToObj(i -> RawMcp.call(100 + i, "tools/list", "{}"))
        .collect(java.util.stream.Collectors.joining(",", "[", "]"));
  }

  private static void error(RawMcp.Answer answer, int status, int code, String says)
      throws IOException {
    assertEquals(status, answer.status(), answer.body());
    JsonNode error = answer.message().path("error");
    assertEquals(code, error.path("code").asInt(), answer.body());
    assertTrue(error.path("message").asText().contains(says), answer.body());
  }

  /**
   * A request line over Vert.x's 4,096-byte limit is refused by the HTTP layer before any resource;
   * what the client gets is printed, not asserted (issue 12 asks for 4xx from the API).
   */
  private String oversized(Component service) {
    try {
      HttpResponse<String> answer = get(service, "/q/health/ready?pad=" + "a".repeat(102_400));
      return answer.statusCode()
          + " "
          + answer.headers().firstValue("Content-Type").orElse("(no Content-Type)");
    } catch (IOException | InterruptedException e) {
      return "no answer (" + e + ")";
    }
  }

  /** No 5xx; every 4xx problem+json whose status matches and which has a code. */
  private static void check(
      String where,
      HostileRequests.Request request,
      HttpResponse<String> answer,
      List<String> findings) {
    int status = answer.statusCode();
    String body = answer.body();
    String shown =
        where
            + " "
            + abbreviate(request.target())
            + " body "
            + abbreviate(request.body())
            + " -> "
            + status
            + " "
            + (body.length() <= 600 ? body : body.substring(0, 600) + "…");
    if (status >= 500) {
      findings.add("5xx: " + shown);
      return;
    }
    if (status < 400) {
      return;
    }
    String type = answer.headers().firstValue("Content-Type").orElse("");
    if (!type.startsWith("application/problem+json")) {
      findings.add("not problem+json (" + type + "): " + shown);
      return;
    }
    try {
      JsonNode problem = JSON.readTree(body);
      if (problem.path("status").asInt() != status || !problem.path("code").isTextual()) {
        findings.add("problem without status/code: " + shown);
      }
    } catch (IOException e) {
      findings.add("problem+json that is not JSON: " + shown);
    }
  }

  /** The server's own log line for each 5xx (by correlation id), so a finding says why. */
  private void printCauses(List<String> findings) throws IOException {
    Pattern id = Pattern.compile("\"correlation_id\":\"([^\"]+)\"");
    for (String finding : findings) {
      Matcher m = id.matcher(finding);
      if (!finding.startsWith("5xx") || !m.find()) {
        continue;
      }
      for (Component service : SERVICES) {
        Path log = suite.log(service);
        if (log == null || !Files.exists(log)) {
          continue;
        }
        try (var lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
          lines
              .filter(l -> l.contains(m.group(1)))
              .limit(2)
              .forEach(
                  l -> System.out.println("[hostile] CAUSE " + service + " " + abbreviate(l, 900)));
        }
      }
    }
  }

  /** What capture's stats say was stored in this tenant (the record, not the background work). */
  private JsonNode counts() throws IOException, InterruptedException {
    HttpResponse<String> answer = get(Component.CAPTURE, "/v1/stats");
    JsonNode stats = JSON.readTree(answer.body());
    // Otherwise every comparison would be of two empty answers and could never fail.
    assertTrue(answer.statusCode() == 200 && stats.path("exchanges").has("total"), answer.body());
    ArrayNode counts = JsonNodeFactory.instance.arrayNode();
    for (String part : List.of("memories", "exchanges", "facts", "slots")) {
      counts.add(stats.path(part));
    }
    return counts;
  }

  private HttpResponse<String> exchange(Component service, String method, HostileRequests.Request r)
      throws IOException, InterruptedException {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(suite.url(service) + r.target()))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + KEY)
            .method(
                method,
                r.body() == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(r.body()));
    if (r.contentType() != null) {
      builder.header("Content-Type", r.contentType());
    }
    return http.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  private HttpResponse<String> get(Component service, String target)
      throws IOException, InterruptedException {
    return exchange(service, "GET", new HostileRequests.Request("get", target, null, null));
  }

  private byte[] send(Component service, String method, String target, byte[] body, String type)
      throws IOException, InterruptedException {
    return exchange(service, method, new HostileRequests.Request("doc", target, body, type))
        .body()
        .getBytes(StandardCharsets.UTF_8);
  }
}
