package dev.engram.recall.mcp;

import dev.engram.recall.client.MemoriesClient;
import dev.engram.recall.client.MemoryWire;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.Map;

/**
 * MicroClaw's {@code memory_upsert} (contract §4): insert, update, archive, supersede, touch, each
 * a call to capture-service with the caller's key. An id that is not one of this agent's MicroClaw
 * memories (unknown, another tenant's, another agent's) answers {@code false}, not an error: an
 * error would make MicroClaw retry the id on its local store, where it may name another row.
 */
@ApplicationScoped
class MemoryUpsertTool {

  private static final String DEFAULT_SOURCE = "mcp_memory";

  private final MemoriesClient capture;
  private final AgentMemories memories;

  MemoryUpsertTool(MemoriesClient capture, AgentMemories memories) {
    this.capture = capture;
    this.memories = memories;
  }

  /** The answer as a JSON-ready value: {@code {"id": n}} or {@code {"updated": bool}}. */
  Uni<Object> call(McpCaller caller, ToolArgs args) {
    return switch (args.op()) {
      case "insert" -> insert(caller, args);
      case "update" -> update(caller, args);
      case "archive" -> archive(caller, args.requiredLong("id"));
      case "supersede" -> supersede(caller, args);
      case "touch" -> touch(caller, args);
      default ->
          throw new ToolFailure(
              "unsupported op '"
                  + args.op()
                  + "' for memory_upsert (insert, update, archive, supersede, touch)");
    };
  }

  private Uni<Object> insert(McpCaller caller, ToolArgs args) {
    Long chatId = args.optionalLong("chat_id");
    MemoryWire.Create body =
        new MemoryWire.Create(
            caller.agent(),
            chatId == null ? null : MicroClawChats.chat(chatId),
            chatId == null ? "AGENT" : "CHAT",
            category(args),
            args.requiredText("content"),
            args.optionalFraction("confidence"),
            source(args, DEFAULT_SOURCE));
    return capture.create(caller.as(), body).map(m -> Map.of("id", m.id()));
  }

  private Uni<Object> update(McpCaller caller, ToolArgs args) {
    long id = args.requiredLong("id");
    MemoryWire.Revise body =
        new MemoryWire.Revise(
            args.requiredText("content"),
            category(args),
            args.optionalFraction("confidence"),
            source(args, null));
    return ifKnown(caller, id, found -> capture.revise(caller.as(), id, body).replaceWith(true));
  }

  /** An archived or superseded memory is archived already: nothing to write, still "updated". */
  private Uni<Object> archive(McpCaller caller, long id) {
    return ifKnown(
        caller,
        id,
        found ->
            found.row().isArchived()
                ? Uni.createFrom().item(true)
                : capture.archive(caller.as(), id).replaceWith(true));
  }

  private Uni<Object> supersede(McpCaller caller, ToolArgs args) {
    long id = args.requiredLong("from_memory_id");
    MemoryWire.Supersede body =
        new MemoryWire.Supersede(
            args.requiredText("content"),
            category(args),
            args.optionalFraction("confidence"),
            source(args, null),
            args.optionalText("reason"));
    return memories
        .find(caller, id)
        .chain(
            found -> {
              if (found.isEmpty()) {
                throw new ToolFailure("no memory with id " + id);
              }
              return capture.supersede(caller.as(), id, body);
            })
        .map(m -> Map.of("id", m.id()));
  }

  private Uni<Object> touch(McpCaller caller, ToolArgs args) {
    long id = args.requiredLong("id");
    MemoryWire.Touch body = new MemoryWire.Touch(args.optionalFraction("confidence_floor"));
    return ifKnown(caller, id, found -> capture.touch(caller.as(), id, body).replaceWith(true));
  }

  private Uni<Object> ifKnown(
      McpCaller caller,
      long id,
      java.util.function.Function<AgentMemories.Found, Uni<Boolean>> write) {
    return memories
        .find(caller, id)
        .chain(
            found ->
                found.isEmpty() ? Uni.createFrom().item(false) : write.apply(found.orElseThrow()))
        .map(updated -> Map.of("updated", updated));
  }

  private static String category(ToolArgs args) {
    String category = args.optionalText("category");
    if (category == null) {
      return null;
    }
    String upper = category.strip().toUpperCase(Locale.ROOT);
    if (!MicroClawRow.MICROCLAW_CATEGORIES.contains(upper)) {
      throw new ToolFailure("category must be PROFILE, KNOWLEDGE or EVENT");
    }
    return upper;
  }

  private static String source(ToolArgs args, String fallback) {
    String source = args.optionalText("source");
    return source == null || source.isBlank() ? fallback : source.strip();
  }
}
