package dev.engram.recall.mcp;

import io.quarkiverse.mcp.server.InputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Singleton;

/**
 * Input schemas of the MicroClaw tools. A model reads them too (MicroClaw also offers the tools to
 * its LLM), so each field says what it is. MicroClaw sends absent values as JSON null, so those
 * fields allow null; only {@code op} is required, the rest depends on the op and is checked there.
 * Public only because the extension instantiates the generators from its own package.
 */
public final class ToolSchemas {

  private ToolSchemas() {}

  /** The schema of memory_query. */
  @Singleton
  public static final class MemoryQuery implements InputSchemaGenerator<JsonObject> {
    @Override
    public JsonObject generate(ToolManager.ToolInfo tool) {
      return memoryQuery();
    }
  }

  /** The schema of memory_upsert. */
  @Singleton
  public static final class MemoryUpsert implements InputSchemaGenerator<JsonObject> {
    @Override
    public JsonObject generate(ToolManager.ToolInfo tool) {
      return memoryUpsert();
    }
  }

  static JsonObject memoryQuery() {
    return object(
        new JsonObject()
            .put("op", text("list | context | search | get (a row by id, whatever its chat)"))
            .put("chat_id", nullable("integer", "the chat; null: memories shared by every chat"))
            .put("id", field("integer", "memory id, for get"))
            .put("query", text("case-insensitive substring of the content, for search"))
            .put("limit", field("integer", "most rows returned (context: 100, search: 10)"))
            .put("include_archived", field("boolean", "search: include archived rows"))
            .put("broad_recall", field("boolean", "search: false keeps confidence >= 0.45")));
  }

  static JsonObject memoryUpsert() {
    return object(
        new JsonObject()
            .put("op", text("insert | update | archive | supersede | touch"))
            .put("chat_id", nullable("integer", "insert: the chat; null: shared by every chat"))
            .put("id", field("integer", "memory id, for update, archive and touch"))
            .put("from_memory_id", field("integer", "supersede: the memory replaced"))
            .put("content", text("the memory text (insert, update, supersede)"))
            .put("category", text("PROFILE | KNOWLEDGE | EVENT"))
            .put("source", text("who wrote it, a lower-case word such as explicit"))
            .put("confidence", nullable("number", "0 to 1"))
            .put("reason", nullable("string", "supersede: why the old memory is replaced"))
            .put(
                "confidence_floor",
                nullable("number", "touch: raise confidence to at least this")));
  }

  private static JsonObject object(JsonObject properties) {
    return new JsonObject()
        .put("type", "object")
        .put("properties", properties)
        .put("required", new JsonArray().add("op"));
  }

  private static JsonObject text(String description) {
    return field("string", description);
  }

  private static JsonObject field(String type, String description) {
    return new JsonObject().put("type", type).put("description", description);
  }

  private static JsonObject nullable(String type, String description) {
    return new JsonObject()
        .put("type", new JsonArray().add(type).add("null"))
        .put("description", description);
  }
}
