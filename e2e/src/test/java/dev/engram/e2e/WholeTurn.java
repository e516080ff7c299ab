package dev.engram.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A gateway's whole turn over MCP alone (issue 30), on any connected MCP client (Streamable HTTP,
 * stdio, a balancer in front of replicas): session_start, context, append_turns (with a retry of
 * the same idempotency key and a duplicate), recent_turns, checkpoint, session_end; then it waits
 * for the Reflector to have made a memory of the turns, and the next session_start shows that
 * memory and the handoff. Asserts every step; answers what it saw for further checks.
 */
final class WholeTurn {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** How long the Reflector (started by session_end) may take to make its memory. */
  static final Duration REFLECTOR = Duration.ofMinutes(2);

  /** What one run saw: both sessions, the Reflector's memory, the next session's context. */
  record Result(
      String session, String nextSession, long memoryId, String memoryText, JsonNode context) {}

  private final McpSyncClient client;
  private final String agent;
  private final String chat;
  private final boolean fromHeaders;

  private WholeTurn(McpSyncClient client, String agent, String chat, boolean fromHeaders) {
    this.client = client;
    this.agent = agent;
    this.chat = chat;
    this.fromHeaders = fromHeaders;
  }

  /**
   * Runs the turn in a fresh thread of the chat. {@code fromHeaders}: the client's transport sets
   * X-Engram-Agent and X-Engram-Chat (so no call names them); else every call names them.
   */
  static Result run(McpSyncClient client, String agent, String chat, boolean fromHeaders) {
    return new WholeTurn(client, agent, chat, fromHeaders).run();
  }

  private Result run() {
    String thread = "trip-" + UUID.randomUUID().toString().substring(0, 8);
    JsonNode started =
        ok(
            "session_start",
            args()
                .put("thread", thread)
                .put("budget_tokens", 2000)
                .put("first_message", "Hi, I need help planning a visit."));
    String session = started.get("session").get("session").asText();
    assertEquals(agent, started.get("session").get("agent").asText(), started.toString());
    assertEquals(chat, started.get("session").get("chat").asText(), started.toString());
    assertTrue(started.get("context").get("tokens").asInt() <= 2000, started.toString());

    JsonNode context =
        ok(
            "context",
            args()
                .put("thread", thread)
                .put("session", session)
                .put("query", "planning a visit")
                .put("budget_tokens", 1000));
    assertTrue(context.get("text").isTextual(), context.toString());

    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    ObjectNode append = args().put("thread", thread).put("session", session);
    append.put("idempotency_key", "turn-" + session);
    var turns = append.putArray("turns");
    turns
        .addObject()
        .put("speaker", "dana")
        .put("role", "user")
        .put("text", "Hi, I'm Dana. I live in Lisbon and I work as a nurse at the city hospital.")
        .put("occurred_at", at.toString());
    turns
        .addObject()
        .put("speaker", "bot")
        .put("role", "assistant")
        .put("text", "Nice to meet you, Dana! How can I help with your visit?")
        .put("occurred_at", at.plusSeconds(5).toString());
    turns
        .addObject()
        .put("speaker", "dana")
        .put("role", "user")
        .put("text", "My sister Eva is visiting me in Lisbon next month and she loves museums.")
        .put("occurred_at", at.plusSeconds(30).toString());
    JsonNode appended = ok("append_turns", append);
    List<Long> ids = new ArrayList<>();
    for (JsonNode item : appended.get("items")) {
      assertFalse(item.get("duplicate").asBoolean(), appended.toString());
      assertEquals("ACTIVE", item.get("status").asText(), appended.toString());
      ids.add(item.get("id").asLong());
    }
    assertEquals(3, ids.size(), appended.toString());
    // a retry with the same idempotency key answers the first answer and stores nothing new
    assertEquals(appended, ok("append_turns", append));
    // the same turns again without the key: capture's dedup answers them as duplicates
    append.remove("idempotency_key");
    JsonNode again = ok("append_turns", append);
    for (int i = 0; i < ids.size(); i++) {
      assertTrue(again.get("items").get(i).get("duplicate").asBoolean(), again.toString());
      assertEquals(ids.get(i), again.get("items").get(i).get("id").asLong(), again.toString());
    }

    JsonNode recent = ok("recent_turns", args().put("limit", 10));
    List<Long> shown = new ArrayList<>();
    recent.get("turns").forEach(t -> shown.add(t.get("id").asLong()));
    assertEquals(
        ids, shown.subList(Math.max(0, shown.size() - 3), shown.size()), recent.toString());

    ObjectNode checkpoint =
        args()
            .put("session", session)
            .put("thread", thread)
            .put("summary", "Dana (nurse, Lisbon) plans her sister Eva's visit.");
    checkpoint.putArray("commitments").add("send Dana a list of museums for Eva");
    assertTrue(ok("checkpoint", checkpoint).get("checkpoint").get("id").isIntegralNumber());

    String handoff = "Talked with Dana about museums for her sister Eva's visit.";
    JsonNode ended =
        ok(
            "session_end",
            args().put("session", session).put("thread", thread).put("summary", handoff));
    // "skipped" when a scheduled run holds the chat: that run reads the turns instead
    assertTrue(ended.get("reflector").asText().matches("started|skipped"), ended.toString());

    // the Reflector runs on the chat after session_end: wait for its memory of Dana's turns
    AtomicReference<JsonNode> memory = new AtomicReference<>();
    await()
        .atMost(REFLECTOR)
        .pollInterval(Duration.ofSeconds(2))
        .until(
            () -> {
              ObjectNode query = args().put("query", "Where does Dana live and work?").put("k", 10);
              query.putArray("kinds").add("memory");
              for (JsonNode item : ok("recall", query).get("items")) {
                if (item.get("text").asText().contains("Lisbon")) {
                  memory.set(item);
                  return true;
                }
              }
              return false;
            });
    long memoryId = memory.get().get("id").asLong();

    // The next session. Its start reads the slots and turns from capture within a short deadline
    // (context.slots-timeout); on a loaded machine a start may go without them (its "skipped"
    // says so), so the gateway starts (resumes) the same session id again until they came.
    String nextSession = "s-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    JsonNode next = null;
    for (int attempt = 0; attempt < 10; attempt++) {
      next =
          ok(
              "session_start",
              args()
                  .put("thread", thread)
                  .put("session", nextSession)
                  .put("budget_tokens", 3000)
                  .put("first_message", "What do you remember about Dana?"));
      if (next.get("context").get("text").asText().contains("# Handoff: thread " + thread)) {
        break;
      }
      pause(Duration.ofSeconds(2));
    }
    assertEquals(nextSession, next.get("session").get("session").asText(), next.toString());
    JsonNode nextContext = next.get("context");
    String text = nextContext.get("text").asText();
    // capture composes the thread's handoff (key topics, open commitments, last exchanges); the
    // gateway's summary goes to the day's log
    assertTrue(
        text.contains("# Handoff: thread " + thread)
            && text.contains("send Dana a list of museums for Eva"),
        "the handoff is shown: " + text + "\nskipped: " + nextContext.get("skipped"));
    assertTrue(text.contains("## Person: dana"), text);
    boolean shownOutsideTheTurns = false;
    for (JsonNode section : nextContext.get("sections")) {
      if ("turns".equals(section.path("layer").asText())) {
        continue;
      }
      for (JsonNode item : section.path("items")) {
        shownOutsideTheTurns |=
            "memory".equals(item.path("kind").asText()) && item.path("id").asLong() == memoryId;
      }
    }
    assertTrue(
        shownOutsideTheTurns,
        "the Reflector's memory " + memory.get() + " is in a section: " + nextContext);
    return new Result(
        session, nextSession, memoryId, memory.get().get("text").asText(), nextContext);
  }

  private static void pause(Duration pause) {
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A call's arguments: empty when the headers name agent and chat, else with them. */
  private ObjectNode args() {
    ObjectNode args = JSON.createObjectNode();
    if (!fromHeaders) {
      args.put("agent", agent).put("chat", chat);
    }
    return args;
  }

  private JsonNode ok(String tool, JsonNode arguments) {
    return ok(client, tool, arguments.toString());
  }

  /** A tool call that must succeed: its one text item, as JSON. */
  static JsonNode ok(McpSyncClient client, String tool, String arguments) {
    String text = call(client, tool, arguments, false);
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(tool + " answered no JSON: " + text, e);
    }
  }

  /** A tool call that must be refused (an isError result): its message. */
  static String error(McpSyncClient client, String tool, String arguments) {
    return call(client, tool, arguments, true);
  }

  private static String call(McpSyncClient client, String tool, String arguments, boolean error) {
    McpSchema.CallToolResult result =
        client.callTool(
            new McpSchema.CallToolRequest(McpJsonDefaults.getMapper(), tool, arguments));
    assertEquals(1, result.content().size(), tool + ": " + result.content());
    String text = assertInstanceOf(McpSchema.TextContent.class, result.content().get(0)).text();
    assertEquals(
        error, Boolean.TRUE.equals(result.isError()), tool + " " + arguments + ": " + text);
    return text;
  }
}
