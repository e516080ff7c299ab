package dev.engram.graph.support;

import static dev.engram.graph.support.Ops.exchange;
import static dev.engram.graph.support.Ops.fact;
import static dev.engram.graph.support.Ops.memory;
import static dev.engram.graph.support.Ops.relation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scripted history, as capture-service's outbox would send it: Alice lives in Lisbon, Berlin,
 * then Porto (2021–2025), works at Acme Corp then Globex, likes sushi; memory 105, from another
 * source, contradicts her move to Globex (memory 103). Functional predicates lives_in and works_at:
 * each new value comes with capture's update of the value it ends.
 */
public final class History {

  public static final String AGENT = "bot1";
  public static final String CHAT = "telegram:1";

  private History() {}

  /** Batches in the order capture would send them. */
  public static List<List<Map<String, Object>>> batches(String t) {
    List<List<Map<String, Object>>> batches = new ArrayList<>();
    batches.add(
        List.of(
            memory(
                t,
                101,
                AGENT,
                CHAT,
                "Alice moved to Lisbon and started working at Acme Corp.",
                "2021-03-10T09:00:00Z"),
            fact(t, 1, "Alice", "lives_in", "Lisbon")
                .validFrom("2021-03-01T00:00:00Z")
                .recordedAt("2021-03-10T09:00:00Z")
                .sources(101L)
                .op(),
            fact(t, 2, "Alice", "works_at", "Acme Corp")
                .validFrom("2021-04-01T00:00:00Z")
                .recordedAt("2021-03-10T09:00:00Z")
                .sources(101L)
                .op()));
    batches.add(
        List.of(
            memory(
                t,
                106,
                AGENT,
                CHAT,
                "Alice loves sushi, especially in Lisbon.",
                "2022-05-01T12:00:00Z"),
            fact(t, 6, "Alice", "likes", "sushi")
                .validFrom("2022-05-01T00:00:00Z")
                .recordedAt("2022-05-01T12:00:00Z")
                .sources(106L)
                .op()));
    batches.add(
        List.of(
            memory(
                t,
                102,
                AGENT,
                CHAT,
                "Alice moved to Berlin for a new project.",
                "2023-02-05T10:00:00Z"),
            fact(t, 3, "Alice", "lives_in", "Berlin")
                .validFrom("2023-02-01T00:00:00Z")
                .recordedAt("2023-02-05T10:00:00Z")
                .sources(102L)
                .op(),
            fact(t, 1, "Alice", "lives_in", "Lisbon")
                .version(2)
                .validFrom("2021-03-01T00:00:00Z")
                .recordedAt("2021-03-10T09:00:00Z")
                .invalidated("2023-02-01T00:00:00Z", "2023-02-05T10:00:00Z")
                .sources(101L)
                .op()));
    batches.add(
        List.of(
            memory(
                t,
                103,
                AGENT,
                CHAT,
                "Alice left Acme Corp and joined Globex.",
                "2024-06-03T08:00:00Z"),
            fact(t, 4, "Alice", "works_at", "Globex")
                .validFrom("2024-06-01T00:00:00Z")
                .recordedAt("2024-06-03T08:00:00Z")
                .sources(103L)
                .op(),
            fact(t, 2, "Alice", "works_at", "Acme Corp")
                .version(2)
                .validFrom("2021-04-01T00:00:00Z")
                .recordedAt("2021-03-10T09:00:00Z")
                .invalidated("2024-06-01T00:00:00Z", "2024-06-03T08:00:00Z")
                .sources(101L)
                .op()));
    batches.add(
        List.of(
            memory(t, 104, AGENT, CHAT, "Alice moved to Porto.", "2025-09-12T18:00:00Z"),
            exchange(
                t, 7, AGENT, CHAT, "I just moved to Porto, Alice here!", "2025-09-12T17:59:00Z"),
            fact(t, 5, "Alice", "lives_in", "Porto")
                .validFrom("2025-09-01T00:00:00Z")
                .recordedAt("2025-09-12T18:00:00Z")
                .sources(104L)
                .op(),
            fact(t, 3, "Alice", "lives_in", "Berlin")
                .version(2)
                .validFrom("2023-02-01T00:00:00Z")
                .recordedAt("2023-02-05T10:00:00Z")
                .invalidated("2025-09-01T00:00:00Z", "2025-09-12T18:00:00Z")
                .sources(102L)
                .op()));
    batches.add(
        List.of(
            memory(
                t,
                105,
                AGENT,
                CHAT,
                "An old email says Alice still works at Acme Corp and never joined Globex.",
                "2025-11-20T07:00:00Z"),
            relation(t, 1, 105, 103, "CONTRADICTS", 0.7)));
    return batches;
  }

  /** All operations in one list. */
  public static List<Map<String, Object>> all(String tenant) {
    return batches(tenant).stream().flatMap(List::stream).toList();
  }
}
