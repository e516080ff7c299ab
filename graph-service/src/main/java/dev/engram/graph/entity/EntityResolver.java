package dev.engram.graph.entity;

import dev.engram.common.Sha256;
import dev.engram.graph.config.GraphConfig;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import dev.engram.graph.text.NameSimilarity;
import dev.engram.graph.text.Names;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Resolves names to entities on write: the normalized name exactly, then an alias, then a fuzzy
 * match (see {@link NameSimilarity}) among the known names sharing its first character; otherwise a
 * new entity, whose id derives from its key so a rebuild recreates the same ids. A fuzzy match
 * makes the new name an alias of the match and records the merge, which can be undone.
 */
@ApplicationScoped
public class EntityResolver {

  private final NameSimilarity similarity;

  EntityResolver(GraphConfig config) {
    this.similarity =
        new NameSimilarity(
            config.entities().fuzzyThreshold(), config.entities().fuzzyMinWordLength());
  }

  /** Key → entity id for every use, creating entities and aliases as needed. */
  public Map<String, String> resolve(Neo4jClient.Tx tx, String tenant, Collection<NameUse> uses) {
    Map<String, NameUse> byKey = new LinkedHashMap<>();
    for (NameUse use : uses) {
      byKey.merge(use.key(), use, EntityResolver::earliest);
    }
    if (byKey.isEmpty()) {
      return Map.of();
    }
    Map<String, String> ids = new HashMap<>();
    Map<String, Known> known = new HashMap<>();
    tx.run(
        ResolutionQueries.LOOKUP,
        Map.of("tenant", tenant, "keys", List.copyOf(byKey.keySet())),
        row -> {
          String id = row.get("id").asString();
          ids.put(row.get("key").asString(), id);
          known.put(
              id,
              new Known(
                  Neo4jValues.string(row.get("type")), Neo4jValues.instant(row.get("first_seen"))));
          return null;
        });
    List<NameUse> missing = byKey.values().stream().filter(u -> !ids.containsKey(u.key())).toList();
    if (!missing.isEmpty()) {
      createOrAlias(tx, tenant, missing, ids);
    }
    touch(tx, tenant, byKey, ids, known);
    return ids;
  }

  /** What is stored of an entity found by its name: what a new sighting might improve. */
  private record Known(String type, java.time.Instant firstSeen) {

    boolean improvedBy(NameUse use) {
      boolean betterType =
          (type == null || NameUse.UNKNOWN.equals(type)) && !NameUse.UNKNOWN.equals(use.type());
      return betterType || firstSeen == null || use.seen().isBefore(firstSeen);
    }
  }

  private void createOrAlias(
      Neo4jClient.Tx tx, String tenant, List<NameUse> missing, Map<String, String> ids) {
    // Known names by key, sorted so ties between equally similar candidates break the same way.
    Map<String, String> known = new TreeMap<>();
    List<String> blocks = missing.stream().map(u -> Names.block(u.key())).distinct().toList();
    tx.run(
        ResolutionQueries.CANDIDATES,
        Map.of("tenant", tenant, "blocks", blocks),
        row -> known.put(row.get("key").asString(), row.get("id").asString()));
    List<Map<String, Object>> created = new ArrayList<>();
    List<Map<String, Object>> aliased = new ArrayList<>();
    for (NameUse use : missing) {
      String best = null;
      double bestScore = 0;
      for (String candidate : known.keySet()) {
        if (!Names.block(candidate).equals(Names.block(use.key()))) {
          continue;
        }
        double score = similarity.score(use.key(), candidate);
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
      Map<String, Object> row = new HashMap<>();
      row.put("key", use.key());
      row.put("name", use.name());
      row.put("block", Names.block(use.key()));
      row.put("type", use.type());
      row.put("seen", Neo4jValues.time(use.seen()));
      if (best == null) {
        String id = Names.entityId(use.key());
        row.put("id", id);
        created.add(row);
        ids.put(use.key(), id);
        known.put(use.key(), id);
      } else {
        String into = known.get(best);
        row.put("into", into);
        row.put("from_id", Names.entityId(use.key()));
        row.put("merge_id", "m-" + Sha256.hex("fuzzy:" + use.key()).substring(0, 16));
        row.put("score", bestScore);
        aliased.add(row);
        ids.put(use.key(), into);
        known.put(use.key(), into);
      }
    }
    if (!created.isEmpty()) {
      tx.run(ResolutionQueries.CREATE, Map.of("tenant", tenant, "rows", created));
    }
    if (!aliased.isEmpty()) {
      tx.run(ResolutionQueries.FUZZY_ALIAS, Map.of("tenant", tenant, "rows", aliased));
    }
  }

  /**
   * Keeps the first specific type and the earliest sighting of each entity. Only entities found
   * (not created) with something to improve are written: an unchanged entity is not locked.
   */
  private static void touch(
      Neo4jClient.Tx tx,
      String tenant,
      Map<String, NameUse> byKey,
      Map<String, String> ids,
      Map<String, Known> known) {
    Map<String, NameUse> byEntity = new LinkedHashMap<>();
    byKey
        .values()
        .forEach(use -> byEntity.merge(ids.get(use.key()), use, EntityResolver::earliest));
    List<Map<String, Object>> rows = new ArrayList<>();
    byEntity.forEach(
        (id, use) -> {
          Known stored = known.get(id);
          if (stored == null || !stored.improvedBy(use)) {
            return;
          }
          Map<String, Object> row = new HashMap<>();
          row.put("id", id);
          row.put("type", use.type());
          row.put("seen", Neo4jValues.time(use.seen()));
          rows.add(row);
        });
    if (!rows.isEmpty()) {
      tx.run(ResolutionQueries.TOUCH, Map.of("tenant", tenant, "rows", rows));
    }
  }

  /** The earlier sighting, keeping a specific type over "unknown". */
  private static NameUse earliest(NameUse a, NameUse b) {
    NameUse first = b.seen().isBefore(a.seen()) ? b : a;
    NameUse other = first == a ? b : a;
    String type = NameUse.UNKNOWN.equals(first.type()) ? other.type() : first.type();
    return new NameUse(first.name(), first.key(), type, first.seen());
  }
}
