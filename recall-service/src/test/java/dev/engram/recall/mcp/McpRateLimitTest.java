package dev.engram.recall.mcp;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.AGENT_T2_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 12: MCP paid one recall token per HTTP request, whatever it carried. Each tool call now
 * pays the bucket of its REST endpoint (recall/context: recall; write tools: writes), the protocol
 * itself (initialize, tools/list) is free, a batch pays per call, and an empty bucket is a JSON-RPC
 * error that says when to retry.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
@TestProfile(McpRateLimitTest.SmallBudgets.class)
class McpRateLimitTest {

  /** Two recalls and two writes at once, refilled at one a minute. */
  public static class SmallBudgets implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "engram.rate-limit.enabled", "true",
          "engram.rate-limit.recall.burst", "2",
          "engram.rate-limit.recall.per-minute", "1",
          "engram.rate-limit.writes.burst", "2",
          "engram.rate-limit.writes.per-minute", "1");
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RECALL =
      "{\"name\":\"recall\",\"arguments\":{\"agent\":\"bot1\",\"query\":\"tea\"}}";
  private static final String REMEMBER =
      "{\"name\":\"remember\",\"arguments\":{\"text\":\"Ana likes tea\"}}";

  @TestHTTPResource("/mcp")
  URL mcp;

  @Test
  void eachToolCallPaysTheBucketOfItsRestEndpoint() throws Exception {
    String session = initialize(AGENT_T1_KEY);
    post(AGENT_T1_KEY, session, call(3, "tools/list", "{}"));
    post(AGENT_T1_KEY, session, call(4, "tools/list", "{}"));
    for (int id = 10; id < 12; id++) {
      assertTrue(post(AGENT_T1_KEY, session, call(id, "tools/call", RECALL)).has("result"));
      assertTrue(post(AGENT_T1_KEY, session, call(id + 10, "tools/call", REMEMBER)).has("result"));
    }
    limited(post(AGENT_T1_KEY, session, call(30, "tools/call", RECALL)), "recall");
    limited(post(AGENT_T1_KEY, session, call(31, "tools/call", REMEMBER)), "writes");
  }

  @Test
  void aBatchPaysForEveryCallInIt() throws Exception {
    String session = initialize(AGENT_T2_KEY);
    String batch =
        "["
            + call(1, "tools/call", RECALL)
            + ","
            + call(2, "tools/call", RECALL)
            + ","
            + call(3, "tools/call", RECALL)
            + "]";
    List<JsonNode> answers = messages(send(AGENT_T2_KEY, session, batch).body());
    assertEquals(3, answers.size(), answers.toString());
    List<JsonNode> errors = answers.stream().filter(a -> a.has("error")).toList();
    assertEquals(1, errors.size(), answers.toString());
    limited(errors.getFirst(), "recall");
  }

  private static void limited(JsonNode answer, String bucket) {
    JsonNode error = answer.path("error");
    assertEquals(ToolCharge.RATE_LIMITED, error.path("code").asInt(), answer.toString());
    String message = error.path("message").asText();
    assertTrue(message.contains(bucket + " budget") && message.contains("retry after"), message);
  }

  private static String call(int id, String method, String params) {
    return McpRawClient.call(id, method, params);
  }

  private String initialize(String key) throws Exception {
    return new McpRawClient(mcp).initialize(key);
  }

  private JsonNode post(String key, String session, String body) throws Exception {
    return new McpRawClient(mcp).post(key, session, body);
  }

  private HttpResponse<String> send(String key, String session, String body) throws Exception {
    return new McpRawClient(mcp).send(key, session, body);
  }

  private static List<JsonNode> messages(String body) throws Exception {
    return McpRawClient.messages(body);
  }
}
