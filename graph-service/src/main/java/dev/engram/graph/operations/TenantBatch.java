package dev.engram.graph.operations;

import dev.engram.graph.neo4j.Neo4jClient;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.neo4j.driver.Record;

/**
 * One tenant's share of an operations batch, inside one transaction: the statements run with the
 * tenant bound, and what the operations touched is collected for the follow-up work done once at
 * the end (functional chains, the per-chat capacity, orphaned entities, mention counts, the modes
 * of facts).
 */
final class TenantBatch {

  final String tenant;
  final Set<String> entities = new LinkedHashSet<>();
  final Set<ChainKey> chains = new LinkedHashSet<>();
  final Set<String> chats = new LinkedHashSet<>();
  final Set<Long> placeholders = new LinkedHashSet<>();

  /** Facts whose sources changed and memories whose mode may have: their facts' modes are due. */
  final Set<Long> modedFacts = new LinkedHashSet<>();

  final Set<Long> modedMemories = new LinkedHashSet<>();
  int applied;
  int skipped;

  private final Neo4jClient.Tx tx;

  TenantBatch(Neo4jClient.Tx tx, String tenant) {
    this.tx = tx;
    this.tenant = tenant;
  }

  Neo4jClient.Tx tx() {
    return tx;
  }

  /** Runs a statement with {@code $tenant} bound. */
  <R> List<R> run(String cypher, Map<String, Object> parameters, Function<Record, R> row) {
    Map<String, Object> all = new HashMap<>(parameters);
    all.put("tenant", tenant);
    return tx.run(cypher, all, row);
  }

  void run(String cypher, Map<String, Object> parameters) {
    run(cypher, parameters, record -> record);
  }
}
