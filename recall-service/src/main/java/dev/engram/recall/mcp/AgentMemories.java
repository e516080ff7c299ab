package dev.engram.recall.mcp;

import dev.engram.recall.client.MemoriesClient;
import dev.engram.recall.client.MemoryWire;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The memory of one agent as MicroClaw addresses it, read from capture-service (the record, so an
 * acknowledged write shows at once): the rows of one chat, or of the agent's own scope for chat
 * null, in the lifecycle states asked for.
 */
@ApplicationScoped
class AgentMemories {

  /** The states MicroClaw sees: ACTIVE, and ARCHIVED / SUPERSEDED shown as archived. */
  static final List<String> ALL = List.of("ACTIVE", "ARCHIVED", "SUPERSEDED");

  static final List<String> ACTIVE = List.of("ACTIVE");

  private final MemoriesClient capture;

  AgentMemories(MemoriesClient capture) {
    this.capture = capture;
  }

  /** Rows whose chat is exactly {@code chatId} (null: the agent's own scope). */
  Uni<List<MicroClawRow>> of(McpCaller caller, Long chatId, List<String> states) {
    MemoriesClient.As as = caller.as();
    List<Uni<List<MemoryWire.Memory>>> pages = new ArrayList<>();
    for (String state : states) {
      MemoryWire.Listing listing =
          chatId == null
              ? new MemoryWire.Listing(caller.agent(), null, "AGENT", state)
              : new MemoryWire.Listing(caller.agent(), MicroClawChats.chat(chatId), "CHAT", state);
      pages.add(capture.listAll(as, listing));
    }
    return Uni.join()
        .all(pages)
        .andFailFast()
        .map(
            lists ->
                lists.stream()
                    .flatMap(List::stream)
                    .flatMap(m -> MicroClawRow.of(m, caller.agent()).stream())
                    .toList());
  }

  /**
   * The {@code limit} most recently updated ACTIVE, unexpired rows of chat {@code chatId} and of
   * the agent's own scope with at least {@code floor} confidence: two one-page reads, whatever the
   * agent holds (the top {@code limit} of the union is within the top {@code limit} of each).
   */
  Uni<List<MicroClawRow>> newestVisibleIn(McpCaller caller, Long chatId, double floor, int limit) {
    MemoriesClient.As as = caller.as();
    List<Uni<List<MemoryWire.Memory>>> reads = new ArrayList<>();
    reads.add(
        capture.newest(
            as, new MemoryWire.Listing(caller.agent(), null, "AGENT", "ACTIVE"), floor, limit));
    if (chatId != null) {
      reads.add(
          capture.newest(
              as,
              new MemoryWire.Listing(caller.agent(), MicroClawChats.chat(chatId), "CHAT", "ACTIVE"),
              floor,
              limit));
    }
    return Uni.join()
        .all(reads)
        .andFailFast()
        .map(
            lists ->
                lists.stream()
                    .flatMap(List::stream)
                    .flatMap(m -> MicroClawRow.of(m, caller.agent()).stream())
                    .toList());
  }

  /** Rows of chat {@code chatId} plus the agent's own rows (those seen in every chat). */
  Uni<List<MicroClawRow>> visibleIn(McpCaller caller, Long chatId, List<String> states) {
    if (chatId == null) {
      return of(caller, null, states);
    }
    return Uni.combine()
        .all()
        .unis(of(caller, chatId, states), of(caller, null, states))
        .with(
            (chat, agent) -> {
              List<MicroClawRow> rows = new ArrayList<>(chat);
              rows.addAll(agent);
              return rows;
            });
  }

  /** The memory with this id if it is one of this agent's MicroClaw rows, with its record. */
  Uni<Optional<Found>> find(McpCaller caller, long id) {
    return capture
        .find(caller.as(), id)
        .map(
            memory ->
                memory.flatMap(
                    m -> MicroClawRow.of(m, caller.agent()).map(row -> new Found(m, row))));
  }

  /** A memory found by id: capture's record and MicroClaw's row of it. */
  record Found(MemoryWire.Memory memory, MicroClawRow row) {}
}
