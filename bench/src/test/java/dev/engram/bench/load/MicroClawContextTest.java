package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Target;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The MicroClaw context op's REST baseline and seeding, against a scripted capture-service. */
class MicroClawContextTest {

  private HttpServer capture;
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private MicroClawContext microclaw;

  @BeforeEach
  void start() throws IOException {
    capture = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    capture.createContext("/", this::answer);
    capture.start();
    URI url = URI.create("http://127.0.0.1:" + capture.getAddress().getPort());
    EngramApi api = new EngramApi(new Target(Path.of("."), url, url, "k"), Duration.ofSeconds(5));
    SyntheticSet set =
        new SyntheticSet(
            "mc", 42, new SentenceGenerator(42, 20, 0.1), null, 10, 1, Duration.ZERO, true);
    microclaw = new MicroClawContext(api, set, 2, 100);
  }

  @AfterEach
  void stop() {
    microclaw.close();
    capture.stop(0);
  }

  /** The agent's scope: two pages (200 + 50); chat microclaw:1: 3 rows; microclaw:2: empty. */
  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String call =
          exchange.getRequestMethod()
              + " "
              + exchange.getRequestURI().getRawPath()
              + (exchange.getRequestURI().getRawQuery() == null
                  ? ""
                  : "?" + exchange.getRequestURI().getRawQuery());
      String sent = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      requests.add(sent.isEmpty() ? call : call + " " + sent);
      String body;
      if (call.startsWith("POST")) {
        body = "{\"id\":1}";
      } else if (call.contains("scope=AGENT") && !call.contains("cursor=")) {
        body = page(200, "\"c200\"");
      } else if (call.contains("scope=AGENT")) {
        body = page(50, "null");
      } else {
        body = page(call.contains("chat=microclaw%3A1") ? 3 : 0, "null");
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(call.startsWith("POST") ? 201 : 200, bytes.length);
      exchange.getResponseBody().write(bytes);
    }
  }

  private static String page(int items, String next) {
    return "{\"items\":["
        + String.join(",", java.util.Collections.nCopies(items, "{}"))
        + "],"
        + "\"next_cursor\":"
        + next
        + "}";
  }

  @Test
  void theBaselineReadsTheNewestPageOfTheChatAndOfTheAgentsScope() throws Exception {
    // the stand-in answers a first page of 200 for the agent's scope: one page, no cursor followed
    assertEquals(203, microclaw.rest(0).get("rows").asInt());
    String newest = "&status=ACTIVE&min_confidence=0.45&unexpired=true&order=updated&limit=100";
    assertTrue(
        requests.contains("GET /v1/memories?agent=mc&chat=microclaw%3A1&scope=CHAT" + newest),
        requests.toString());
    assertTrue(
        requests.contains("GET /v1/memories?agent=mc&scope=AGENT" + newest), requests.toString());
    assertTrue(requests.stream().noneMatch(r -> r.contains("cursor=")), requests.toString());
  }

  @Test
  void theFormerReadTakesEveryPageOfTheChatAndOfTheAgentsScope() throws Exception {
    assertEquals(253, microclaw.everyRow(0).get("rows").asInt());
    assertTrue(
        requests.contains(
            "GET /v1/memories?agent=mc&chat=microclaw%3A1&scope=CHAT&status=ACTIVE&limit=200"),
        requests.toString());
    assertTrue(
        requests.contains("GET /v1/memories?agent=mc&scope=AGENT&status=ACTIVE&limit=200"),
        requests.toString());
    assertTrue(
        requests.contains(
            "GET /v1/memories?agent=mc&scope=AGENT&status=ACTIVE&limit=200&cursor=c200"),
        requests.toString());
    assertEquals(250, microclaw.everyRow(1).get("rows").asInt(), "call 1 asks chat_id 2, empty");
    assertEquals("{\"op\":\"context\",\"chat_id\":2,\"limit\":100}", microclaw.arguments(1));
    assertEquals("{\"op\":\"context\",\"chat_id\":1,\"limit\":100}", microclaw.arguments(2));
  }

  @Test
  void seedingWritesOnlyIntoChatsThatAreStillEmpty() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    microclaw.seed(4, new PrintStream(out, true, StandardCharsets.UTF_8));
    List<String> posts = requests.stream().filter(r -> r.startsWith("POST /v1/memories")).toList();
    assertEquals(4, posts.size());
    assertTrue(
        posts.stream().allMatch(p -> p.contains("\"agent\":\"mc\",\"chat\":\"microclaw:2\"")),
        posts.toString());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("4 memories seeded"), out.toString());
  }
}
