package dev.engram.bench.replicate;

import java.util.Map;
import java.util.Set;

/**
 * What a copy does with one stream of a service's export (docs/backup-format.md sections 1 and 6),
 * and which of its fields are ids, id lists, chats or nested views. A stream not listed here is
 * refused when it holds records: a copy must never carry an id it did not rewrite.
 */
record StreamRule(
    Action action,
    Set<String> ids,
    Set<String> idLists,
    Set<String> chats,
    Map<String, StreamRule> views,
    String why) {

  enum Action {
    /** Every record sent, rewritten for the copy. */
    COPY,
    /** Sent as an empty stream (the import then keeps exactly that: nothing). */
    EMPTY,
    /** Not sent: the source's records stay the only ones (copies refer to them, or go without). */
    KEEP,
    /** The source must have none: the copies cannot rewrite them. */
    REFUSE
  }

  private static StreamRule copy(
      Set<String> ids, Set<String> idLists, Set<String> chats, Map<String, StreamRule> views) {
    return new StreamRule(Action.COPY, ids, idLists, chats, views, "");
  }

  private static StreamRule other(Action action, String why) {
    return new StreamRule(action, Set.of(), Set.of(), Set.of(), Map.of(), why);
  }

  /** A memory row (capture) or node (graph): its supersession links are memory ids too. */
  private static final StreamRule MEMORY =
      copy(
          Set.of("id", "supersedes", "superseded_by"),
          Set.of("source_exchange_ids"),
          Set.of("chat"),
          Map.of());

  private static final StreamRule EXCHANGE = copy(Set.of("id"), Set.of(), Set.of("chat"), Map.of());

  private static final StreamRule FACT =
      copy(Set.of("id", "superseded_by"), Set.of("source_memory_ids"), Set.of("chat"), Map.of());

  private static final StreamRule RELATION =
      copy(Set.of("id", "from_memory", "to_memory"), Set.of(), Set.of(), Map.of());

  /**
   * An audit row's before/after view: of a memory, a relation or a fact (the vault's audit finds a
   * row's newest audit row by the id in the view, so the view's ids move with the row's).
   */
  private static final StreamRule AUDIT_VIEW =
      copy(
          Set.of("id", "supersedes", "superseded_by", "from_memory", "to_memory"),
          Set.of("source_exchange_ids", "source_memory_ids"),
          Set.of("chat"),
          Map.of());

  /**
   * The belief layer (capture's evidence ledger, graph's beliefs and evidence) is the source's
   * alone: a copy's SUPPORTS relations would revise the same beliefs with duplicates of the same
   * evidence, and writing the outcome of revisions that never ran would be made-up data.
   */
  private static final String BELIEFS =
      "beliefs and their evidence stay the source's; copies revise nothing";

  private static final String NOT_CORPUS =
      "not part of a memory corpus (sessions, slots, the Reflector's and the promotion gate's"
          + " bookkeeping); copy a suite that holds memories, relations and their audit only";

  static final Map<String, Map<String, StreamRule>> RULES =
      Map.of(
          "capture",
          Map.ofEntries(
              Map.entry("exchanges", EXCHANGE),
              Map.entry("memories", MEMORY),
              Map.entry("facts", FACT),
              Map.entry("memory_relations", RELATION),
              // Copied: vault's audit checks that every memory's newest audit row shows it (by the
              // id in its view) and that audit ids rise; a copy's rows follow the source's.
              Map.entry(
                  "audit_log",
                  copy(
                      Set.of("id", "target_id"),
                      Set.of(),
                      Set.of(),
                      Map.of("before", AUDIT_VIEW, "after", AUDIT_VIEW))),
              Map.entry(
                  "memory_link_queue",
                  other(
                      Action.EMPTY,
                      "a copy queues no relations pass: it carries the source's relations")),
              Map.entry("slots", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("reflector_inbox", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("reflector_cursors", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("reflector_runs", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("promotions", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("sessions", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("session_checkpoints", other(Action.REFUSE, NOT_CORPUS)),
              Map.entry("belief_evidence", other(Action.KEEP, BELIEFS))),
          "graph",
          Map.ofEntries(
              Map.entry("entities", other(Action.KEEP, "copies mention the source's entities")),
              Map.entry("merges", other(Action.KEEP, "merges are of the shared entities")),
              Map.entry("memories", MEMORY),
              Map.entry("exchanges", EXCHANGE),
              Map.entry("facts", FACT),
              Map.entry("relations", RELATION),
              Map.entry("beliefs", other(Action.KEEP, BELIEFS)),
              Map.entry("evidence", other(Action.KEEP, BELIEFS)),
              Map.entry("belief_settings", other(Action.KEEP, "one per tenant, the copies' too"))),
          "recall",
          Map.of(
              "vectors",
              copy(Set.of("id"), Set.of("source_exchange_ids"), Set.of("chat"), Map.of())));

  /** The rule of a stream; one this class does not know is refused when it has records. */
  static StreamRule of(String service, String stream) {
    StreamRule rule = RULES.getOrDefault(service, Map.of()).get(stream);
    return rule != null
        ? rule
        : other(Action.REFUSE, "an unknown stream: its ids and references are not known here");
  }
}
