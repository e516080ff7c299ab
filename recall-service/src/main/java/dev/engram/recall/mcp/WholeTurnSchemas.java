package dev.engram.recall.mcp;

import static dev.engram.recall.mcp.EngramSchemas.AGENT;
import static dev.engram.recall.mcp.EngramSchemas.CHAT;
import static dev.engram.recall.mcp.EngramSchemas.MODE;
import static dev.engram.recall.mcp.EngramSchemas.SESSION;
import static dev.engram.recall.mcp.EngramSchemas.THREAD;
import static dev.engram.recall.mcp.EngramSchemas.array;
import static dev.engram.recall.mcp.EngramSchemas.choice;
import static dev.engram.recall.mcp.EngramSchemas.dateTime;
import static dev.engram.recall.mcp.EngramSchemas.integer;
import static dev.engram.recall.mcp.EngramSchemas.object;
import static dev.engram.recall.mcp.EngramSchemas.text;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * Input schemas of the tools a gateway needs for a whole turn beyond the session tools (issue 30):
 * notes at every level, turns, beliefs and promotion candidates; written as {@link EngramSchemas}'s
 * are.
 */
final class WholeTurnSchemas {

  private WholeTurnSchemas() {}

  static JsonObject of(String tool) {
    return switch (tool) {
      case "slot_get", "slot_set", "slot_delete", "slot_list" -> slot(tool);
      case "append_turns" ->
          object(
              List.of("turns"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT.replace("JSON null: no chat", "one of the two is needed")))
                  .put("thread", text(THREAD))
                  .put("session", text(SESSION + ", as session_start answered it"))
                  .put(
                      "mode",
                      text(
                          "the mode the turns belong to, such as work (lower-case, at most 32);"
                              + " default: the X-Engram-Mode request header"))
                  .put(
                      "turns",
                      array(
                              new JsonObject()
                                  .put("type", "object")
                                  .put(
                                      "properties",
                                      new JsonObject()
                                          .put(
                                              "speaker",
                                              text(
                                                  "who said it, a name of 1-64 letters, digits,"
                                                      + " spaces or ._@:'- (e.g. alice, bot)"))
                                          .put(
                                              "role",
                                              choice(
                                                  "who produced it",
                                                  "user",
                                                  "assistant",
                                                  "system",
                                                  "tool"))
                                          .put("text", text("what was said, verbatim"))
                                          .put("occurred_at", dateTime("when (default now)"))
                                          .put(
                                              "metadata",
                                              new JsonObject()
                                                  .put("type", "object")
                                                  .put(
                                                      "description",
                                                      "up to 32 string values, keys such as"
                                                          + " message_id")
                                                  .put(
                                                      "additionalProperties",
                                                      new JsonObject().put("type", "string"))))
                                  .put(
                                      "required", new JsonArray(List.of("speaker", "role", "text")))
                                  .put("additionalProperties", false),
                              "the turns, oldest first, 1 to " + TurnTools.MAX_TURNS)
                          .put("minItems", 1)
                          .put("maxItems", TurnTools.MAX_TURNS))
                  .put(
                      "idempotency_key",
                      text(
                          "makes a retry safe: the same key again answers the first call's"
                              + " result and stores nothing (1-255 printable ASCII)")));
      case "recent_turns" ->
          object(
              List.of(),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT.replace("JSON null: no chat", "one of the two is needed")))
                  .put("limit", integer("how many of the newest turns, 1 to 100 (default 10)"))
                  .put("mode", text(MODE)));
      case "belief_about" ->
          object(
              List.of("statement"),
              new JsonObject()
                  .put(
                      "statement",
                      text(
                          "the statement, e.g. 'Alice lives in Porto' or 'rain -> wet streets';"
                              + " at most 1000 characters")));
      case "belief_infer" ->
          object(
              List.of("from", "to"),
              new JsonObject()
                  .put("from", text("where the chain starts, e.g. Alice; 1-200 characters"))
                  .put("to", text("where it should lead, e.g. Portugal; 1-200 characters"))
                  .put("max_hops", integer("longest chain, 1 to graph-service's limit (4)"))
                  .put("agent", text(AGENT.replace("(one of the two must name it)", "(optional)")))
                  .put("chat", text(CHAT + "; needs agent"))
                  .put(
                      "predicates",
                      array(text("a predicate, e.g. lives_in"), "only follow these, at most 50")));
      case "promotion_candidates" ->
          object(
              List.of(),
              new JsonObject()
                  .put(
                      "status",
                      choice(
                          "which proposals (default PENDING)", "PENDING", "APPROVED", "REJECTED"))
                  .put("limit", integer("most items, 1 to 200 (default 50)"))
                  .put("cursor", text("next_cursor of the previous page")));
      default -> throw new IllegalArgumentException("no schema for tool " + tool);
    };
  }

  private static JsonObject slot(String tool) {
    JsonObject properties =
        new JsonObject()
            .put(
                "level",
                choice(
                    "whose note: the tenant's (shown to every agent; writing needs an admin key),"
                        + " the agent's, the chat's, the session's or the thread's; default:"
                        + " session with a session, thread with a thread, else agent",
                    "tenant",
                    "agent",
                    "chat",
                    "session",
                    "thread"))
            .put("agent", text(AGENT + "; not for the tenant level"))
            .put("chat", text(CHAT + "; for the chat level"))
            .put("session", text("the session, for the session level; not with thread"))
            .put("thread", text("the thread, for the thread level; not with session"));
    if (tool.equals("slot_list")) {
      return object(List.of(), properties);
    }
    properties.put(
        "name", text("the slot, a lower-case word: hot_context, working_memory, handoff, notes"));
    return switch (tool) {
      case "slot_set" -> {
        properties
            .put("content", text("the new content; replaces what the slot held"))
            .put("expected_version", integer("0: create only; n: update only version n"));
        yield object(List.of("name", "content"), properties);
      }
      case "slot_delete" -> {
        properties.put("expected_version", integer("n: delete only if at version n"));
        yield object(List.of("name"), properties);
      }
      default -> object(List.of("name"), properties);
    };
  }
}
