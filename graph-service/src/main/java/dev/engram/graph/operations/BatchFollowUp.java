package dev.engram.graph.operations;

import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.fact.FunctionalChain;
import dev.engram.graph.neo4j.Neo4jValues;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The work done once at the end of a tenant's batch, in its transaction: functional chains, the
 * per-chat fact capacity, placeholder memories and orphaned entities, mention counts.
 */
@ApplicationScoped
class BatchFollowUp {

  private final int maxFactsPerChat;

  BatchFollowUp(GraphConfig config) {
    this.maxFactsPerChat = config.facts().maxPerChat();
  }

  void finish(TenantBatch batch) {
    recomputeModes(batch);
    recomputeChains(batch, batch.chains);
    for (String chat : batch.chats) {
      enforceCapacity(batch, chat);
    }
    if (!batch.placeholders.isEmpty()) {
      batch.run(CleanupQueries.PLACEHOLDERS, Map.of("ids", List.copyOf(batch.placeholders)));
    }
    if (!batch.entities.isEmpty()) {
      List<String> touched = List.copyOf(batch.entities);
      Set<String> removed = new HashSet<>();
      batch.run(
          CleanupQueries.ORPHANS,
          Map.of("ids", touched),
          row -> removed.add(row.get("id").asString()));
      List<String> remaining = touched.stream().filter(id -> !removed.contains(id)).toList();
      batch.run(CleanupQueries.RECOUNT, Map.of("ids", remaining));
    }
  }

  /**
   * The modes of the facts written and of those sourced by the memories written (a memory may
   * arrive after its facts, or change its mode): the rule is in {@link FactQueries#SET_MODES}.
   */
  static void recomputeModes(TenantBatch batch) {
    Set<Long> facts = new java.util.LinkedHashSet<>(batch.modedFacts);
    if (!batch.modedMemories.isEmpty()) {
      batch.run(
          FactQueries.SOURCED_BY,
          Map.of("memories", List.copyOf(batch.modedMemories)),
          row -> facts.add(row.get("id").asLong()));
    }
    if (!facts.isEmpty()) {
      batch.run(FactQueries.SET_MODES, Map.of("facts", List.copyOf(facts)));
    }
  }

  /** Applies {@link FunctionalChain} to every fact of the given chains. */
  static void recomputeChains(TenantBatch batch, Set<ChainKey> chains) {
    if (chains.isEmpty()) {
      return;
    }
    Map<String, List<FunctionalChain.Link>> links = new LinkedHashMap<>();
    batch.run(
        FactQueries.CHAIN_LINKS,
        Map.of("chains", chains.stream().map(ChainKey::parameters).toList()),
        row ->
            links
                .computeIfAbsent(row.get("chain").asString(), ignored -> new ArrayList<>())
                .add(
                    new FunctionalChain.Link(
                        row.get("id").asLong(),
                        row.get("object").asString(),
                        Neo4jValues.instant(row.get("from")),
                        Neo4jValues.instant(row.get("recorded_at")),
                        Neo4jValues.instant(row.get("stated_valid_to")),
                        Neo4jValues.instant(row.get("stated_invalidated_at")),
                        Neo4jValues.instant(row.get("valid_to")),
                        Neo4jValues.instant(row.get("invalidated_at")),
                        row.get("invalidated_by").isNull()
                            ? null
                            : row.get("invalidated_by").asLong())));
    List<Map<String, Object>> ends = new ArrayList<>();
    for (List<FunctionalChain.Link> chain : links.values()) {
      for (FunctionalChain.End end : FunctionalChain.recompute(chain)) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", end.id());
        row.put("valid_to", Neo4jValues.time(end.validTo()));
        row.put("invalidated_at", Neo4jValues.time(end.invalidatedAt()));
        row.put("invalidated_by", end.invalidatedBy());
        ends.add(row);
      }
    }
    if (!ends.isEmpty()) {
      batch.run(FactQueries.SET_ENDS, Map.of("ends", ends));
    }
  }

  /**
   * Keeps a chat within {@code engram.graph.facts.max-per-chat}. Evicted facts do not re-open the
   * chains they ended: a value superseded stays superseded.
   */
  private void enforceCapacity(TenantBatch batch, String chat) {
    long facts =
        batch
            .run(FactQueries.COUNT_IN_CHAT, Map.of("chat", chat), row -> row.get("facts").asLong())
            .getFirst();
    long excess = facts - maxFactsPerChat;
    if (excess <= 0) {
      return;
    }
    batch.run(
        FactQueries.EVICT,
        Map.of("chat", chat, "excess", excess),
        row -> {
          batch.entities.add(row.get("subject").asString());
          batch.entities.add(row.get("object").asString());
          batch.placeholders.addAll(Neo4jValues.longs(row.get("sources")));
          return null;
        });
  }
}
