package dev.engram.recall.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.ToolAnswer;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MicroClaw's memory_query / memory_upsert (contract §4) with its exact payloads through the MCP
 * Java SDK client, against a capture-service stand-in.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class MicroClawToolsTest {

  @TestHTTPResource("/")
  URL root;

  private McpTestClient client;

  @BeforeEach
  void connect() {
    McpTestResources.capture().reset();
    client = connect("test-agent-t1", Map.of());
  }

  @AfterEach
  void close() {
    client.close();
  }

  private McpTestClient connect(String key, Map<String, String> headers) {
    McpTestClient c =
        new McpTestClient(root.toString().replaceAll("/$", ""), key, "2024-11-05", headers);
    c.initialize();
    return c;
  }

  private JsonNode ok(String tool, String arguments) {
    ToolAnswer answer = client.call(tool, arguments);
    assertFalse(answer.isError(), answer.text());
    return answer.json();
  }

  private long insert(Long chatId, String content) {
    return ok(
            "memory_upsert",
            """
            {"op":"insert","chat_id":%s,"content":"%s","category":"KNOWLEDGE",\
            "source":"explicit","confidence":0.95}"""
                .formatted(chatId, content))
        .get("id")
        .asLong();
  }

  private static List<Long> ids(JsonNode rows) {
    List<Long> ids = new ArrayList<>();
    rows.forEach(r -> ids.add(r.get("id").asLong()));
    return ids;
  }

  @Test
  void insertedRowsComeBackWithTheirChatAndEveryFieldMicroClawReads() {
    long chat = insert(42L, "User prefers Rust code examples");
    long global = insert(null, "The bot is called Claw");
    JsonNode row = ok("memory_query", "{\"op\":\"get\",\"id\":" + chat + "}");
    assertTrue(row.isObject());
    assertEquals(chat, row.get("id").asLong());
    assertTrue(row.get("id").isIntegralNumber());
    assertEquals(42, row.get("chat_id").asLong());
    assertEquals("User prefers Rust code examples", row.get("content").asText());
    assertEquals("KNOWLEDGE", row.get("category").asText());
    assertEquals(0.95, row.get("confidence").asDouble());
    assertEquals("explicit", row.get("source").asText());
    assertFalse(row.get("is_archived").asBoolean());
    assertTrue(row.get("archived_at").isNull());
    String rfc3339 = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z";
    for (String field : List.of("created_at", "updated_at", "last_seen_at")) {
      assertTrue(row.get(field).asText().matches(rfc3339), field + ": " + row.get(field));
    }
    JsonNode globalRow = ok("memory_query", "{\"op\":\"get\",\"id\":" + global + "}");
    assertTrue(globalRow.get("chat_id").isNull());
    assertEquals(List.of(chat), ids(ok("memory_query", "{\"op\":\"list\",\"chat_id\":42}")));
    assertEquals(List.of(global), ids(ok("memory_query", "{\"op\":\"list\",\"chat_id\":null}")));
    // Writes act with the caller's own key, as the agent of the default (no header).
    assertTrue(
        McpTestResources.capture().calls().stream()
            .allMatch(call -> call.endsWith(" Bearer test-agent-t1")));
  }

  @Test
  void contextShowsTheChatAndSharedRowsActiveConfidentNewestFirst() {
    long shared = insert(null, "Shared fact");
    long old = insert(42L, "Older fact");
    long unsure = insert(42L, "Unsure fact");
    ok(
        "memory_upsert",
        "{\"op\":\"update\",\"id\":%d,\"content\":\"Unsure fact\",\"category\":\"KNOWLEDGE\",\"source\":\"tool\",\"confidence\":0.3}"
            .formatted(unsure));
    long archived = insert(42L, "Archived fact");
    ok("memory_upsert", "{\"op\":\"archive\",\"id\":" + archived + "}");
    insert(43L, "Another chat's fact");
    long newest = insert(42L, "Newest fact");
    JsonNode rows = ok("memory_query", "{\"op\":\"context\",\"chat_id\":42,\"limit\":100}");
    assertEquals(List.of(newest, old, shared), ids(rows));
    assertEquals(
        List.of(newest, old),
        ids(ok("memory_query", "{\"op\":\"context\",\"chat_id\":42,\"limit\":2}")));
  }

  @Test
  void searchMatchesSubstringsAndOrdersByConfidenceThenRecency() {
    long low = insert(42L, "Likes RUST a little");
    ok("memory_upsert", "{\"op\":\"touch\",\"id\":%d,\"confidence_floor\":null}".formatted(low));
    ok(
        "memory_upsert",
        "{\"op\":\"update\",\"id\":%d,\"content\":\"Likes RUST a little\",\"category\":\"KNOWLEDGE\",\"source\":\"tool\",\"confidence\":0.4}"
            .formatted(low));
    long high = insert(null, "Writes rust daily");
    long archived = insert(42L, "Used rust in 2019");
    ok("memory_upsert", "{\"op\":\"archive\",\"id\":" + archived + "}");
    insert(43L, "rust in another chat");
    insert(42L, "Prefers Go");
    String search =
        "{\"op\":\"search\",\"chat_id\":42,\"query\":\"rust\",\"limit\":10,"
            + "\"include_archived\":%s,\"broad_recall\":%s}";
    assertEquals(List.of(high, low), ids(ok("memory_query", search.formatted(false, true))));
    assertEquals(List.of(high), ids(ok("memory_query", search.formatted(false, false))));
    // Equal confidence: the archived row changed last, so it is the newer.
    assertEquals(
        List.of(archived, high, low), ids(ok("memory_query", search.formatted(true, true))));
  }

  @Test
  void updateArchiveSupersedeAndTouchFollowTheContract() {
    long id = insert(42L, "Lives in Berlin");
    assertEquals(
        "{\"updated\":true}",
        client.call("memory_upsert", "{\"op\":\"archive\",\"id\":" + id + "}").text());
    JsonNode listed = ok("memory_query", "{\"op\":\"list\",\"chat_id\":42}");
    assertTrue(listed.get(0).get("is_archived").asBoolean());
    assertFalse(listed.get(0).get("archived_at").isNull());
    // update brings an archived row back
    assertTrue(
        ok(
                "memory_upsert",
                "{\"op\":\"update\",\"id\":%d,\"content\":\"Lives in Hamburg\",\"category\":\"PROFILE\",\"source\":\"tool\",\"confidence\":0.8}"
                    .formatted(id))
            .get("updated")
            .asBoolean());
    JsonNode row = ok("memory_query", "{\"op\":\"get\",\"id\":" + id + "}");
    assertFalse(row.get("is_archived").asBoolean());
    assertEquals("PROFILE", row.get("category").asText());
    assertEquals("tool", row.get("source").asText());
    long next =
        ok(
                "memory_upsert",
                """
                {"op":"supersede","from_memory_id":%d,"content":"Lives in Lisbon",\
                "category":"KNOWLEDGE","source":"explicit_conflict","confidence":0.95,\
                "reason":"explicit_topic_conflict"}"""
                    .formatted(id))
            .get("id")
            .asLong();
    JsonNode successor = ok("memory_query", "{\"op\":\"get\",\"id\":" + next + "}");
    assertEquals(42, successor.get("chat_id").asLong());
    assertTrue(
        ok("memory_query", "{\"op\":\"get\",\"id\":" + id + "}").get("is_archived").asBoolean());
    assertTrue(
        ok(
                "memory_upsert",
                "{\"op\":\"supersede\",\"from_memory_id\":%d,\"content\":\"x\",\"category\":\"KNOWLEDGE\",\"source\":\"reflector_conflict\",\"confidence\":0.74,\"reason\":null}"
                    .formatted(next))
            .get("id")
            .isIntegralNumber());
    long touched = insert(42L, "Touch me");
    ok(
        "memory_upsert",
        "{\"op\":\"update\",\"id\":%d,\"content\":\"Touch me\",\"category\":\"KNOWLEDGE\",\"source\":\"reflector\",\"confidence\":0.5}"
            .formatted(touched));
    assertTrue(
        ok(
                "memory_upsert",
                "{\"op\":\"touch\",\"id\":%d,\"confidence_floor\":0.55}".formatted(touched))
            .get("updated")
            .asBoolean());
    assertEquals(
        0.55,
        ok("memory_query", "{\"op\":\"get\",\"id\":" + touched + "}").get("confidence").asDouble());
  }

  @Test
  void unknownIdsAndOtherTenantsIdsAreFalseOrEmptyNeverAnError() {
    long mine = insert(42L, "Mine");
    for (String op : List.of("update", "archive", "touch")) {
      String args = "{\"op\":\"%s\",\"id\":%d,\"content\":\"x\",\"confidence_floor\":null}";
      assertEquals(
          "{\"updated\":false}", client.call("memory_upsert", args.formatted(op, 999999)).text());
    }
    assertEquals("[]", client.call("memory_query", "{\"op\":\"get\",\"id\":999999}").text());
    try (McpTestClient other = connect("test-agent-t2", Map.of())) {
      assertEquals("[]", other.call("memory_query", "{\"op\":\"get\",\"id\":" + mine + "}").text());
      assertEquals(
          "{\"updated\":false}",
          other.call("memory_upsert", "{\"op\":\"archive\",\"id\":" + mine + "}").text());
      assertEquals("[]", other.call("memory_query", "{\"op\":\"list\",\"chat_id\":42}").text());
    }
    // Another agent (named by the gateway's header) has a memory of its own.
    try (McpTestClient bot = connect("test-agent-t1", Map.of("X-Engram-Agent", "other-bot"))) {
      assertEquals("[]", bot.call("memory_query", "{\"op\":\"get\",\"id\":" + mine + "}").text());
    }
    assertFalse(
        ok("memory_query", "{\"op\":\"get\",\"id\":" + mine + "}").get("is_archived").asBoolean());
  }

  @Test
  void malformedCallsAreErrorsThatSayWhatIsWrong() {
    long id = insert(42L, "Something");
    Map<String, String> expected =
        Map.ofEntries(
            Map.entry("{\"op\":\"drop\"}", "unsupported op 'drop'"),
            Map.entry("{}", "op is required"),
            Map.entry("{\"op\":\"insert\",\"chat_id\":42}", "content is required"),
            Map.entry(
                "{\"op\":\"insert\",\"chat_id\":\"42\",\"content\":\"x\"}", "chat_id must be"),
            Map.entry("{\"op\":\"update\",\"id\":\"12\",\"content\":\"x\"}", "id must be"),
            Map.entry("{\"op\":\"archive\",\"id\":12.0}", "id must be"),
            Map.entry("{\"op\":\"insert\",\"content\":\"x\",\"category\":\"SECRET\"}", "category"),
            Map.entry("{\"op\":\"insert\",\"content\":\"x\",\"confidence\":7}", "confidence"),
            Map.entry(
                "{\"op\":\"supersede\",\"from_memory_id\":999999,\"content\":\"x\"}",
                "no memory with id 999999"));
    expected.forEach(
        (args, words) -> {
          ToolAnswer answer = client.call("memory_upsert", args);
          assertTrue(answer.isError(), args + " -> not an error: " + answer.text());
          assertTrue(answer.text().contains(words), args + " -> " + answer.text());
        });
    ToolAnswer query = client.call("memory_query", "{\"op\":\"get\"}");
    assertTrue(query.isError() && query.text().contains("id is required"), query.text());
    ToolAnswer limit =
        client.call("memory_query", "{\"op\":\"context\",\"chat_id\":1,\"limit\":0}");
    assertTrue(limit.isError(), limit.text());
    McpTestResources.capture().status(503);
    ToolAnswer down = client.call("memory_query", "{\"op\":\"get\",\"id\":" + id + "}");
    assertTrue(down.isError() && down.text().contains("capture-service"), down.text());
    try (McpTestClient bad = connect("test-agent-t1", Map.of("X-Engram-Agent", " "))) {
      McpTestResources.capture().status(200);
      assertFalse(bad.call("memory_query", "{\"op\":\"list\",\"chat_id\":null}").isError());
    }
  }
}
