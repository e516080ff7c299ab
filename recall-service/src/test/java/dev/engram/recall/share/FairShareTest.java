package dev.engram.recall.share;

import static dev.engram.recall.IndexFixture.ADMIN_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T2_KEY;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.auth.Roles;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.config.FairShareConfig;
import dev.engram.recall.mcp.McpRawClient;
import dev.engram.recall.mcp.McpTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 6: one key's flood stalled every other key. Each key now runs its recall work in
 * its own bulkhead: with every turn of one key taken (its calls running and waiting), that key's
 * next recall, context or MCP recall is refused at once with 429 / JSON-RPC -32029, while another
 * key of the same tenant and a key of another tenant are answered as usual; once the key's calls
 * end it is answered again.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class FairShareTest {

  private static final String KEY_ID = "agent-t1"; // the id of AGENT_T1_KEY in the test key list

  @Inject FairShare share;
  @Inject FairShareConfig config;

  @TestHTTPResource("/mcp")
  URL mcp;

  @Test
  void aKeyWithEveryTurnTakenIsRefusedAndOtherKeysAreNot() throws Exception {
    McpRawClient client = new McpRawClient(mcp);
    String session = client.initialize(AGENT_T1_KEY);
    int turns = share.concurrent() + config.queue();
    CountDownLatch release = new CountDownLatch(1);
    List<Thread> threads = new CopyOnWriteArrayList<>();
    ExecutorService holders =
        Executors.newFixedThreadPool(
            turns,
            r -> {
              Thread t = new Thread(r);
              threads.add(t);
              return t;
            });
    List<Future<Boolean>> held = new ArrayList<>();
    List<Boolean> crowded = new CopyOnWriteArrayList<>();
    try {
      for (int i = 0; i < turns; i++) {
        held.add(
            holders.submit(
                () ->
                    share.get(
                        KEY_ID,
                        Set.of(Roles.AGENT),
                        () -> {
                          crowded.add(FairShare.crowded());
                          return await(release);
                        })));
      }
      // Every holder either runs (waiting on the latch) or waits for a turn in the bulkhead.
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (!(threads.size() == turns && threads.stream().allMatch(FairShareTest::waiting))) {
        assertTrue(System.nanoTime() < deadline, "the holders never all took or awaited a turn");
        Thread.sleep(20);
      }
      recall(AGENT_T1_KEY)
          .statusCode(429)
          .contentType("application/problem+json")
          .header("Retry-After", "1")
          .body("code", equalTo("rate_limited"))
          .body("detail", containsString("running or waiting"));
      post(
              "/v1/context",
              AGENT_T1_KEY,
              Map.of("agent", "bot", "chat", "c", "query", "tea", "budget_tokens", 500))
          .statusCode(429);
      JsonNode refused =
          client.post(
              AGENT_T1_KEY,
              session,
              McpRawClient.call(
                  7,
                  "tools/call",
                  "{\"name\":\"recall\",\"arguments\":{\"agent\":\"bot\",\"query\":\"tea\"}}"));
      assertEquals(-32029, refused.path("error").path("code").asInt(), refused.toString());
      assertTrue(
          refused.path("error").path("message").asText().contains("retry in 1 s"),
          refused.toString());

      // Refused before its body is read: even a body that is not JSON gets the 429, not a 400.
      given()
          .header("Authorization", "Bearer " + AGENT_T1_KEY)
          .contentType("application/json")
          .body("{not json")
          .post("/v1/recall")
          .then()
          .statusCode(429)
          .header("Retry-After", "1");

      recall(ADMIN_T1_KEY).statusCode(200); // another key of the same tenant
      recall(AGENT_T2_KEY).statusCode(200); // another tenant's key
    } finally {
      release.countDown();
      holders.shutdown();
    }
    for (Future<Boolean> f : held) {
      assertTrue(f.get(20, TimeUnit.SECONDS));
    }
    recall(AGENT_T1_KEY).statusCode(200);
    // The calls that ran while more of their key's waited ran crowded (their index lists on their
    // own thread); a call of a key with nothing waiting does not, and the mark ends with the call.
    assertEquals(turns, crowded.size());
    assertTrue(crowded.contains(true), crowded.toString());
    assertFalse(share.get(KEY_ID, Set.of(Roles.AGENT), FairShare::crowded));
    assertFalse(FairShare.crowded());
  }

  @Test
  void oneKeyRunsOnHalfTheProcessorsByDefault() {
    assertEquals(0, config.concurrent()); // the shipped default
    assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() / 2), share.concurrent());
  }

  private static boolean waiting(Thread t) {
    return t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING;
  }

  private static boolean await(CountDownLatch latch) {
    try {
      return latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static io.restassured.response.ValidatableResponse recall(String key) {
    return post("/v1/recall", key, Map.of("agent", "bot", "chat", "c", "query", "tea", "k", 3));
  }

  private static io.restassured.response.ValidatableResponse post(
      String path, String key, Map<String, Object> body) {
    return given()
        .header("Authorization", "Bearer " + key)
        .contentType("application/json")
        .body(body)
        .post(path)
        .then();
  }
}
