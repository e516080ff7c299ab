package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

  private static String abbreviate(Object value) {
    return abbreviate(value, 160);
  }

  private static String abbreviate(Object value, int max) {
    String text =
        value instanceof byte[] bytes
            ? new String(bytes, StandardCharsets.UTF_8)
            : String.valueOf(value);
    return text.length() <= max ? text : text.substring(0, max) + "…(" + text.length() + ")";
  }

  /** The generated requests of one operation, from its OpenAPI description. */
  static final class HostileRequests {

    /** One request: what it tries, path and query, body bytes (or none), Content-Type. */
    record Request(String what, String target, byte[] body, String contentType) {}

    /** 100 KiB in a body; in a URL below Vert.x's 4,096-byte request line (see the note). */
    private static final int BODY_TEXT = 102_400;

    private static final int URL_TEXT = 2_500;
    private static final String SURROGATE = "@@lone-surrogate@@";
    private static final String DEEP = "[".repeat(2_000) + "]".repeat(2_000);
    private static final List<String> TIMES =
        List.of("+1000000000-01-01T00:00:00Z", "-999999-01-01T00:00:00Z", "0000-01-01T00:00:00Z");
    private static final List<String> NUMBERS =
        List.of("1e309", "-1", "9223372036854775808", "-9223372036854775809", "1.5", "-1e308");

    private final JsonNode openapi;
    private final Random random;

    HostileRequests(JsonNode openapi, Random random) {
      this.openapi = openapi;
      this.random = random;
    }

    List<Request> requests(String template, JsonNode pathItem, JsonNode operation) {
      List<JsonNode> parameters = new ArrayList<>();
      pathItem.path("parameters").forEach(parameters::add);
      operation.path("parameters").forEach(parameters::add);
      String target = fill(template, parameters, null);
      List<Request> out = new ArrayList<>();
      for (JsonNode p : parameters) {
        String name = p.path("name").asText();
        for (String value : hostileStrings(schema(p.path("schema")), URL_TEXT)) {
          String encoded = encode(value);
          if (p.path("in").asText().equals("path")) {
            out.add(
                new Request(
                    "path " + name, fill(template, parameters, Map.of(name, encoded)), null, null));
          } else if (p.path("in").asText().equals("query")) {
            out.add(
                new Request(
                    "query " + name, target + sep(target) + name + "=" + encoded, null, null));
          }
        }
      }
      JsonNode schema =
          schema(
              operation
                  .path("requestBody")
                  .path("content")
                  .path("application/json")
                  .path("schema"));
      if (schema.isMissingNode() || !operation.has("requestBody")) {
        if (out.isEmpty()) {
          out.add(new Request("plain", target, null, null));
        }
        return out;
      }
      JsonNode base = sample(schema, 0);
      String json = "application/json";
      out.add(new Request("not JSON", target, bytes("{\"a\": nope"), json));
      out.add(new Request("empty", target, new byte[0], json));
      out.add(new Request("null", target, bytes("null"), json));
      out.add(new Request("deep nesting", target, bytes(DEEP), json));
      out.add(new Request("no Content-Type", target, bytes(base.toString()), null));
      out.add(new Request("text/plain", target, bytes(base.toString()), "text/plain"));
      out.add(new Request("overlong UTF-8", target, overlong(base), json));
      if (base instanceof ObjectNode object) {
        out.add(new Request("array", target, bytes("[" + base + "]"), json));
        out.add(
            new Request(
                "unknown field",
                target,
                bytes(object.deepCopy().put("hostile_" + random.nextInt(1000), "x").toString()),
                json));
        Iterator<String> names = object.fieldNames();
        if (names.hasNext()) {
          String first = names.next();
          out.add(
              new Request(
                  "duplicate " + first,
                  target,
                  bytes(
                      "{\""
                          + first
                          + "\":"
                          + object.get(first)
                          + ","
                          + base.toString().substring(1)),
                  json));
        }
        properties(schema).forEach((name, property) -> mutate(target, object, name, property, out));
      }
      return out;
    }

    private void mutate(
        String target, ObjectNode base, String name, JsonNode property, List<Request> out) {
      List<String> values = new ArrayList<>();
      values.add(pick(List.of("3", "true", "{}", "[]", "\"text\"", "null", "-0.5")));
      values.add(DEEP);
      for (String s : hostileStrings(property, BODY_TEXT)) {
        values.add(quote(s));
      }
      if (List.of("integer", "number").contains(property.path("type").asText())) {
        values.addAll(NUMBERS); // as JSON numbers: out of long and double range, negative
      }
      if (property.path("type").asText().equals("array")) {
        values.add("[" + quote("a\u0000b") + "]");
        values.add("[" + quote(SURROGATE) + "]");
      }
      if (property.path("type").asText().equals("object")) {
        values.add("{" + quote("k\u0000") + ":" + quote(SURROGATE) + "}");
      }
      for (String value : values) {
        String body =
            base.deepCopy()
                .put(name, "@@value@@")
                .toString()
                .replace("\"@@value@@\"", value)
                .replace(SURROGATE, "\\ud800");
        out.add(
            new Request(name + "=" + abbreviate(value), target, bytes(body), "application/json"));
      }
    }

    /** Strings that must be refused or stored faithfully, picked per type. */
    private List<String> hostileStrings(JsonNode schema, int length) {
      List<String> values = new ArrayList<>();
      values.add("a\u0000b");
      values.add(SURROGATE);
      values.add(randomText(length));
      values.add(pick(NUMBERS));
      if ("date-time".equals(schema.path("format").asText())
          || schema.path("type").asText().equals("string")) {
        values.add(pick(TIMES));
      }
      return values;
    }

    private String randomText(int length) {
      StringBuilder text = new StringBuilder(length);
      while (text.length() < length) {
        text.append(random.nextInt(10) == 0 ? ' ' : (char) ('a' + random.nextInt(26)));
      }
      return text.toString();
    }

    /** A plausible value of the schema, so that each mutation is the only thing wrong. */
    private JsonNode sample(JsonNode schema, int depth) {
      JsonNodeFactory f = JsonNodeFactory.instance;
      schema = schema(schema);
      if (schema.has("enum")) {
        return schema.get("enum").get(0);
      }
      String type =
          schema.path("type").isArray()
              ? schema.path("type").get(0).asText()
              : schema.path("type").asText();
      switch (type) {
        case "integer":
          return f.numberNode(1);
        case "number":
          return f.numberNode(0.5);
        case "boolean":
          return f.booleanNode(true);
        case "array":
          return depth > 3
              ? f.arrayNode()
              : f.arrayNode().add(sample(schema.path("items"), depth + 1));
        case "string":
          return f.textNode(
              "date-time".equals(schema.path("format").asText())
                  ? "2026-01-01T00:00:00Z"
                  : "hostile " + random.nextInt(1000));
        default:
          ObjectNode object = f.objectNode();
          if (depth <= 3) {
            properties(schema).forEach((n, p) -> object.set(n, sample(p, depth + 1)));
          }
          return object;
      }
    }

    private Map<String, JsonNode> properties(JsonNode schema) {
      Map<String, JsonNode> out = new LinkedHashMap<>();
      schema(schema)
          .path("properties")
          .fields()
          .forEachRemaining(e -> out.put(e.getKey(), schema(e.getValue())));
      return out;
    }

    /** Follows $ref and takes the first of allOf/oneOf/anyOf. */
    private JsonNode schema(JsonNode schema) {
      for (int i = 0; i < 10; i++) {
        if (schema.has("$ref")) {
          String ref = schema.get("$ref").asText();
          schema = openapi.at(ref.substring(1));
        } else if (schema.has("allOf") || schema.has("oneOf") || schema.has("anyOf")) {
          JsonNode all =
              schema.has("allOf")
                  ? schema.get("allOf")
                  : schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
          schema = all.get(0);
        } else {
          return schema;
        }
      }
      return schema;
    }

    private String fill(String template, List<JsonNode> parameters, Map<String, String> given) {
      String out = template;
      for (JsonNode p : parameters) {
        String name = p.path("name").asText();
        if (p.path("in").asText().equals("path")) {
          String type = schema(p.path("schema")).path("type").asText();
          String value =
              given != null && given.containsKey(name)
                  ? given.get(name)
                  : type.equals("integer") ? "1" : "hostile-" + random.nextInt(1000);
          out = out.replace("{" + name + "}", value);
        }
      }
      return out;
    }

    private static String encode(String value) {
      if (value.equals(SURROGATE)) {
        return "a%ED%A0%80b";
      }
      StringBuilder out = new StringBuilder();
      for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
        char c = (char) (b & 0xff);
        out.append(
            Character.isLetterOrDigit(c) && c < 128
                ? String.valueOf(c)
                : String.format("%%%02X", b & 0xff));
      }
      return out.toString();
    }

    private static byte[] overlong(JsonNode base) {
      byte[] plain = base.toString().replace("hostile", "host@le").getBytes(StandardCharsets.UTF_8);
      List<Byte> out = new ArrayList<>();
      for (byte b : plain) {
        if (b == '@') {
          out.add((byte) 0xC0);
          out.add((byte) 0xAF);
        } else {
          out.add(b);
        }
      }
      byte[] bytes = new byte[out.size()];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = out.get(i);
      }
      return bytes;
    }

    private static String sep(String target) {
      return target.contains("?") ? "&" : "?";
    }

    private static String quote(String s) {
      return s.startsWith("a\\u0000") || s.equals(SURROGATE) || s.startsWith("k\\u0000")
          ? "\"" + s + "\""
          : JsonNodeFactory.instance.textNode(s).toString();
    }

    private String pick(List<String> values) {
      return values.get(random.nextInt(values.size()));
    }

    private static byte[] bytes(String text) {
      return text.replace(SURROGATE, "\\ud800").getBytes(StandardCharsets.UTF_8);
    }
  }
}
