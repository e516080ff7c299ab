package dev.engram.graph.stats;

import dev.engram.graph.neo4j.Neo4jClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.Map;

/** Reads the per-tenant (or per-chat) counts from Neo4j. */
@ApplicationScoped
class StatsRepository {

  private final Neo4jClient neo4j;

  StatsRepository(Neo4jClient neo4j) {
    this.neo4j = neo4j;
  }

  GraphStats countsFor(String tenant, String chat) {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("tenant", tenant);
    parameters.put("chat", chat);
    return neo4j
        .read(
            chat == null ? StatsQueries.COUNTS : StatsQueries.CHAT_COUNTS,
            parameters,
            row ->
                new GraphStats(
                    chat,
                    row.get("entities").asLong(),
                    new GraphStats.FactCounts(
                        row.get("current_facts").asLong(), row.get("invalidated_facts").asLong()),
                    row.get("memories").asLong(),
                    row.get("exchanges").asLong(),
                    row.get("relations").asLong(),
                    row.get("beliefs").asLong()))
        .getFirst();
  }
}
