package dev.engram.recall.mcp;

import static dev.engram.recall.mcp.EngramToolsTest.error;
import static dev.engram.recall.mcp.EngramToolsTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** fact_add and fact_invalidate through the MCP client against the capture stand-in. */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class FactToolsTest {

  @TestHTTPResource("/")
  URL root;

  private McpTestClient t1;
  private McpTestClient t2;

  @BeforeEach
  void connect() {
    McpTestResources.captureApi().reset();
    t1 = EngramToolsTest.connect(root, "test-agent-t1");
    t2 = EngramToolsTest.connect(root, "test-agent-t2");
  }

  @AfterEach
  void close() {
    t1.close();
    t2.close();
  }

  @Test
  void factAddSendsTheFactWithTheCallersKey() {
    JsonNode fact =
        ok(
            t1,
            "fact_add",
            """
            {"agent":"bot1","chat":"telegram:1","subject":"Alice","predicate":"lives_in",\
            "object":"Porto","valid_from":"2026-03-20T10:00:00Z","confidence":0.9}""");
    long id = fact.get("id").asLong();
    JsonNode stored = McpTestResources.captureApi().fact(id);
    assertEquals("t1", stored.get("tenant").asText());
    assertEquals("lives_in", stored.get("predicate").asText());
    assertEquals("Porto", stored.get("object").asText());
    assertEquals("telegram:1", stored.get("chat").asText());
    assertEquals("2026-03-20T10:00:00Z", stored.get("valid_from").asText());
    assertEquals(0.9, stored.get("confidence").asDouble());
  }

  @Test
  void factInvalidateEndsOnlyTheCallersTenantsFact() {
    long id =
        ok(
                t1,
                "fact_add",
                "{\"agent\":\"bot1\",\"subject\":\"Alice\",\"predicate\":\"likes\","
                    + "\"object\":\"tea\"}")
            .get("id")
            .asLong();
    String mine = "\"agent\":\"bot1\",\"id\":" + id;
    assertTrue(error(t2, "fact_invalidate", "{" + mine + "}").contains("No fact"));
    // Another agent of the same tenant, or the agent naming another chat, finds nothing (issue 28).
    assertTrue(
        error(t1, "fact_invalidate", "{\"agent\":\"bot2\",\"id\":" + id + "}").contains("No fact"));
    assertTrue(
        error(t1, "fact_invalidate", "{" + mine + ",\"chat\":\"telegram:9\"}").contains("No fact"));
    assertTrue(error(t1, "fact_invalidate", "{\"id\":" + id + "}").contains("agent"));
    assertFalse(McpTestResources.captureApi().fact(id).has("invalidated_at"));

    JsonNode ended =
        ok(t1, "fact_invalidate", "{" + mine + ",\"valid_to\":\"2026-04-01T00:00:00Z\"}");
    assertEquals("2026-04-01T00:00:00Z", ended.get("valid_to").asText());
    assertTrue(ended.hasNonNull("invalidated_at"));
  }

  @Test
  void hostileArgumentsAreToolErrorsAndReachNothing() {
    for (String args :
        List.of(
            "{\"subject\":\"Alice\",\"predicate\":\"likes\",\"object\":\"tea\"}",
            "{\"agent\":\"bot1\",\"subject\":\"Alice\",\"predicate\":\"Lives In\",\"object\":\"x\"}",
            "{\"agent\":\"bot1\",\"subject\":\"Alice\",\"predicate\":\"likes\",\"object\":\"\"}",
            "{\"agent\":\"bot1\",\"subject\":\"Al\\u0000ice\",\"predicate\":\"likes\",\"object\":\"x\"}",
            "{\"agent\":\"bot1\",\"subject\":\"A\",\"predicate\":\"likes\",\"object\":\"x\","
                + "\"valid_from\":\"yesterday\"}",
            "{\"agent\":\"bot1\",\"subject\":\"A\",\"predicate\":\"likes\",\"object\":\"x\","
                + "\"confidence\":7}",
            "{\"agent\":\"bot1\",\"subject\":\"A\",\"predicate\":\"likes\",\"object\":\"x\","
                + "\"sql\":\"drop table facts\"}")) {
      error(t1, "fact_add", args);
    }
    assertNull(McpTestResources.captureApi().fact(101));
    error(t1, "fact_invalidate", "{\"id\":\"one\"}");
    error(t1, "fact_invalidate", "{\"id\":1,\"valid_to\":\"never\"}");
    error(t1, "fact_invalidate", "{}");
  }
}
