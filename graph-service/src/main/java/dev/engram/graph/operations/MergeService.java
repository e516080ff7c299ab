package dev.engram.graph.operations;

import dev.engram.common.config.FactsConfig;
import dev.engram.common.error.EngramException;
import dev.engram.graph.GraphError;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

/**
 * Merges two entities (all names, facts and mentions of one move to the other, which it is then
 * known by) and undoes merges, manual or fuzzy, from their records. Functional chains are
 * recomputed afterwards: two entities' current values become one entity's history.
 */
@ApplicationScoped
public class MergeService {

  private final Neo4jClient neo4j;
  private final GraphConfig config;
  private final BatchFollowUp followUp;
  private final List<String> functional;

  MergeService(Neo4jClient neo4j, GraphConfig config, BatchFollowUp followUp, FactsConfig facts) {
    this.neo4j = neo4j;
    this.config = config;
    this.followUp = followUp;
    this.functional = List.copyOf(facts.functionalPredicates());
  }

  MergeView merge(String tenant, String fromId, String intoId) {
    if (fromId.equals(intoId)) {
      throw new EngramException(GraphError.MERGE_CONFLICT, "An entity cannot merge into itself");
    }
    String id = "m-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    return neo4j.inTransaction(
        config.operations().batchTimeout(),
        tx -> {
          TenantBatch batch = new TenantBatch(tx, tenant);
          Record from = entity(batch, fromId);
          entity(batch, intoId);
          Map<String, Object> record = new HashMap<>();
          record.put("id", id);
          record.put("into", intoId);
          record.put("from", fromId);
          record.put("name", from.get("name").asString());
          record.put("key", from.get("normalized_name").asString());
          record.put("type", Neo4jValues.string(from.get("type")));
          record.put("first_seen", from.get("first_seen").asObject());
          record.put("keys", Neo4jValues.strings(from.get("keys")));
          record.put("now", Neo4jValues.time(Instant.now()));
          batch.run(MergeQueries.RECORD, record);
          move(batch, fromId, intoId, Neo4jValues.strings(from.get("keys")), null);
          batch.run(MergeQueries.DELETE_ENTITY, Map.of("id", fromId));
          batch.entities.add(intoId);
          noteChains(batch, intoId);
          followUp.finish(batch);
          return get(batch, id);
        });
  }

  MergeView undo(String tenant, String mergeId) {
    return neo4j.inTransaction(
        config.operations().batchTimeout(),
        tx -> {
          TenantBatch batch = new TenantBatch(tx, tenant);
          MergeView merge = get(batch, mergeId);
          if (merge.revertedAt() != null) {
            throw new EngramException(GraphError.MERGE_CONFLICT, "This merge was already undone");
          }
          if (exists(batch, merge.fromId())) {
            throw new EngramException(
                GraphError.MERGE_CONFLICT, "Entity " + merge.fromId() + " exists again");
          }
          if (!exists(batch, merge.into())) {
            throw new EngramException(
                GraphError.MERGE_CONFLICT,
                "Entity " + merge.into() + " was itself merged or removed; undo that first");
          }
          Value raw =
              batch
                  .run(MergeQueries.GET, Map.of("id", mergeId), row -> row.get("merge"))
                  .getFirst();
          Map<String, Object> create = new HashMap<>();
          create.put("id", merge.fromId());
          create.put("name", merge.fromName());
          create.put("key", raw.get("from_key").asString());
          create.put("type", Neo4jValues.string(raw.get("from_type")));
          create.put("first_seen", raw.get("from_first_seen").asObject());
          batch.run(MergeQueries.CREATE_ENTITY, create);
          move(batch, merge.into(), merge.fromId(), merge.keys(), merge.keys());
          batch.run(
              MergeQueries.REVERTED, Map.of("id", mergeId, "now", Neo4jValues.time(Instant.now())));
          batch.entities.add(merge.into());
          batch.entities.add(merge.fromId());
          noteChains(batch, merge.into());
          noteChains(batch, merge.fromId());
          followUp.finish(batch);
          return get(batch, mergeId);
        });
  }

  List<MergeView> of(String tenant, String entityId) {
    return neo4j.read(
        MergeQueries.OF_ENTITY,
        Map.of("tenant", tenant, "id", entityId),
        row -> MergeView.of(row.get("merge")));
  }

  /** Moves names {@code keys} and the relationships written under {@code only} (null: all). */
  private static void move(
      TenantBatch batch, String from, String to, List<String> keys, List<String> only) {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("from", from);
    parameters.put("to", to);
    parameters.put("keys", only);
    batch.run(MergeQueries.MOVE_FACTS_OUT, parameters);
    batch.run(MergeQueries.MOVE_FACTS_IN, parameters);
    batch.run(MergeQueries.MOVE_MENTIONS, parameters);
    batch.run(MergeQueries.MOVE_SOURCES, parameters);
    batch.run(MergeQueries.MOVE_ALIASES, Map.of("keys", keys, "to", to));
  }

  private void noteChains(TenantBatch batch, String entity) {
    batch.run(
        MergeQueries.CHAINS,
        Map.of("id", entity, "functional", functional),
        row ->
            batch.chains.add(
                ChainKey.of(
                    entity,
                    row.get("predicate").asString(),
                    row.get("scope").asString(),
                    Neo4jValues.string(row.get("agent")),
                    Neo4jValues.string(row.get("chat")))));
  }

  private static Record entity(TenantBatch batch, String id) {
    return batch.run(MergeQueries.ENTITY, Map.of("id", id), row -> row).stream()
        .findFirst()
        .orElseThrow(
            () -> new EngramException(GraphError.ENTITY_NOT_FOUND, "No entity with id " + id));
  }

  private static boolean exists(TenantBatch batch, String id) {
    return !batch.run(MergeQueries.ENTITY, Map.of("id", id), row -> row).isEmpty();
  }

  private static MergeView get(TenantBatch batch, String id) {
    return batch
        .run(MergeQueries.GET, Map.of("id", id), row -> MergeView.of(row.get("merge")))
        .stream()
        .findFirst()
        .orElseThrow(
            () -> new EngramException(GraphError.MERGE_NOT_FOUND, "No entity merge with id " + id));
  }
}
