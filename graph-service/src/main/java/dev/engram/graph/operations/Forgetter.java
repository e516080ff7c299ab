package dev.engram.graph.operations;

import dev.engram.graph.neo4j.Neo4jValues;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Forget ({@code delete_memory}): the memory node goes with its mentions and relations, and so do
 * the facts it was the only source of; facts with other sources stay, without it. Entities left
 * with nothing pointing at them go at the end of the batch.
 */
@ApplicationScoped
class Forgetter {

  private final FactWriter facts;

  Forgetter(FactWriter facts) {
    this.facts = facts;
  }

  void forget(TenantBatch batch, long memoryId) {
    record Sourced(long id, List<Long> sources) {}
    List<Sourced> sourced =
        batch.run(
            MemoryQueries.SOURCED_FACTS,
            Map.of("id", memoryId),
            row -> new Sourced(row.get("id").asLong(), Neo4jValues.longs(row.get("sources"))));
    for (Sourced fact : sourced) {
      List<Long> remaining = new ArrayList<>(fact.sources());
      remaining.remove(memoryId);
      if (remaining.isEmpty()) {
        facts.remove(batch, fact.id());
      } else {
        facts.setSources(batch, fact.id(), remaining);
      }
    }
    batch.run(
        MemoryQueries.LINKED,
        Map.of("id", memoryId),
        row -> {
          batch.entities.addAll(Neo4jValues.strings(row.get("entities")));
          batch.placeholders.addAll(Neo4jValues.longs(row.get("placeholders")));
          return null;
        });
    batch.run(MemoryQueries.DELETE_MEMORY, Map.of("id", memoryId));
    batch.applied++;
  }
}
