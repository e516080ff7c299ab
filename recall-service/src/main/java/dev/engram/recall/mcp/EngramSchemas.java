package dev.engram.recall.mcp;

import io.quarkiverse.mcp.server.InputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * Input schemas of Engram's own tools, written for a model to read: every property says what it is,
 * required ones are listed, closed sets are enums, and unknown properties are not allowed (the
 * tools refuse them too). Public only because the extension instantiates it from its own package.
 */
@Singleton
public final class EngramSchemas implements InputSchemaGenerator<JsonObject> {

  static final String AGENT =
      "the agent (bot) whose memory this is; 1-200 printable characters; default: the"
          + " X-Engram-Agent request header (one of the two must name it)";
  static final String CHAT =
      "the conversation, e.g. telegram:42; 1-200 printable characters; default: the"
          + " X-Engram-Chat request header (JSON null: no chat)";
  static final String THREAD = "a thread (topic) inside the chat; 1-200 printable characters";
  static final String SESSION = "a session of the agent; 1-200 printable characters";
  static final String MODE =
      "a mode such as work or roleplay (lower-case, at most 32): only memories of that mode and"
          + " untagged ones; default: the X-Engram-Mode request header; without either, every"
          + " mode";

  @Override
  public JsonObject generate(ToolManager.ToolInfo tool) {
    return of(tool.name());
  }

  static JsonObject of(String tool) {
    return switch (tool) {
      case "remember" ->
          object(
              List.of("text"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT + "; without it the memory is the agent's own"))
                  .put("thread", text(THREAD))
                  .put("session", text(SESSION))
                  .put("scope", scope())
                  .put(
                      "category",
                      choice(
                          "what kind of thing it records (default KNOWLEDGE)",
                          "PROFILE",
                          "KNOWLEDGE",
                          "EVENT",
                          "DECISION"))
                  .put("text", text("the memory, one self-contained statement"))
                  .put("confidence", number("how sure, 0 to 1 (default: capture's)"))
                  .put("source", text("who wrote it, a lower-case word such as mcp or explicit"))
                  .put("expires_at", dateTime("when it stops being true and is never recalled"))
                  .put(
                      "mode",
                      text(
                          "the mode it belongs to, such as work or roleplay (lower-case, at most"
                              + " 32): recall and context for another mode never see it; default:"
                              + " the X-Engram-Mode request header; without either, every mode"
                              + " does")));
      case "recall" ->
          object(
              List.of("query"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT + "; without it only the agent's and global memories"))
                  .put("thread", text(THREAD + "; its items are boosted"))
                  .put("query", text("what to look for, in natural language"))
                  .put("k", integer("how many items, 1 to 100 (default 10)"))
                  .put(
                      "kinds",
                      array(
                          choice("item kind", "memory", "exchange"),
                          "memories, exchanges (verbatim turns) or both (default both)"))
                  .put("categories", array(text("a memory category"), "only these categories"))
                  .put("min_confidence", number("only memories at least this sure, 0 to 1"))
                  .put("include_archived", bool("also archived memories (default false)"))
                  .put("speakers", array(text("a speaker name"), "only turns of these speakers"))
                  .put("as_of", dateTime("recall as the memory stood at this time"))
                  .put("mode", text(MODE)));
      case "context" ->
          object(
              List.of("budget_tokens"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT))
                  .put("thread", text(THREAD))
                  .put("session", text(SESSION))
                  .put("query", text("the user's message, to add what is relevant to it"))
                  .put("budget_tokens", integer("the most tokens the block may take, 1 to 1000000"))
                  .put(
                      "recent_turns",
                      integer("how many recent turns of the chat to show, 0 to 100 (default 10)"))
                  .put("mode", text(MODE)));
      case "session_start" ->
          object(
              List.of("budget_tokens"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT))
                  .put("thread", text(THREAD + "; its handoff is shown"))
                  .put("session", text(SESSION + "; default: a new id capture-service makes"))
                  .put("first_message", text("the user's first message, to add what is relevant"))
                  .put(
                      "budget_tokens",
                      integer("the most tokens the context may take, 1 to 1000000"))
                  .put("mode", text(MODE)));
      case "session_end" ->
          object(
              List.of("session"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("session", text("the session to end, as session_start answered it"))
                  .put("chat", text(CHAT))
                  .put("thread", text(THREAD + "; its handoff is written"))
                  .put("summary", text("what happened in the session, for the day's log")));
      case "checkpoint" ->
          object(
              List.of("session"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("session", text("the session, as session_start answered it"))
                  .put("chat", text(CHAT))
                  .put("thread", text(THREAD))
                  .put("summary", text("what the turns about to be dropped said and decided"))
                  .put(
                      "commitments",
                      array(
                          text("one open commitment, e.g. 'send Alice the flight options'"),
                          "what the agent still has to do, at most 50")));
      case "forget" ->
          object(
              List.of("id"),
              new JsonObject()
                  .put("agent", text(AGENT + "; the memory must be this agent's"))
                  .put(
                      "chat",
                      text(
                          "if given (default: the X-Engram-Chat request header; JSON null: any"
                              + " chat), the memory must be of this chat"))
                  .put("id", integer("the memory id (as remember or recall answered it)")));
      case "entity_timeline" ->
          object(
              List.of("entity"),
              new JsonObject()
                  .put("agent", text(AGENT + "; only facts this agent may see"))
                  .put("chat", text(CHAT + "; narrows to what that chat may see"))
                  .put("entity", text("the entity's name, alias or id (e-...)"))
                  .put("predicate", text("only facts with this predicate, e.g. lives_in"))
                  .put("limit", integer("most facts returned, 1 to 1000 (default 200)"))
                  .put("mode", text(MODE)));
      case "fact_add" ->
          object(
              List.of("subject", "predicate", "object"),
              new JsonObject()
                  .put("agent", text(AGENT))
                  .put("chat", text(CHAT + "; without it the fact is the agent's own"))
                  .put("scope", scope())
                  .put("subject", text("who or what the fact is about, e.g. Alice"))
                  .put(
                      "predicate",
                      text(
                          "the relation, lower_snake_case, e.g. lives_in; a new value of lives_in,"
                              + " works_at, name... ends the previous one"))
                  .put("object", text("the value, e.g. Porto; 1-200 printable characters"))
                  .put("valid_from", dateTime("since when it holds (default now)"))
                  .put("confidence", number("how sure, 0 to 1 (default 1)")));
      case "fact_invalidate" ->
          object(
              List.of("id"),
              new JsonObject()
                  .put("agent", text(AGENT + "; the fact must be this agent's"))
                  .put(
                      "chat",
                      text(
                          "if given (default: the X-Engram-Chat request header; JSON null: any"
                              + " chat), the fact must be of this chat"))
                  .put("id", integer("the fact id (as fact_add or entity_timeline answered it)"))
                  .put("valid_to", dateTime("until when it held (default now)")));
      case "stats" -> object(List.of(), new JsonObject());
      default -> WholeTurnSchemas.of(tool);
    };
  }

  private static JsonObject scope() {
    return choice(
        "who sees it (default: CHAT with a chat, else AGENT; GLOBAL needs an admin key)",
        "GLOBAL",
        "AGENT",
        "CHAT");
  }

  static JsonObject object(List<String> required, JsonObject properties) {
    return new JsonObject()
        .put("type", "object")
        .put("properties", properties)
        .put("required", new JsonArray(required))
        .put("additionalProperties", false);
  }

  static JsonObject field(String type, String description) {
    return new JsonObject().put("type", type).put("description", description);
  }

  static JsonObject text(String description) {
    return field("string", description);
  }

  static JsonObject integer(String description) {
    return field("integer", description);
  }

  static JsonObject number(String description) {
    return field("number", description);
  }

  static JsonObject bool(String description) {
    return field("boolean", description);
  }

  static JsonObject dateTime(String description) {
    return text(description + " (RFC 3339, e.g. 2026-03-01T00:00:00Z)").put("format", "date-time");
  }

  static JsonObject choice(String description, String... values) {
    return text(description).put("enum", new JsonArray(List.of((Object[]) values)));
  }

  static JsonObject array(JsonObject items, String description) {
    return field("array", description).put("items", items);
  }
}
