package dev.engram.graph.entity;

/**
 * Cypher for resolving names to entities on write. An entity owns one {@code (:Alias {tenant,
 * key})} per name it is known by (its own normalized name included); every fact end and mention
 * keeps the key it was written under, which is what makes a merge reversible.
 */
final class ResolutionQueries {

  /** Exact and alias matches in one index lookup. */
  static final String LOOKUP =
      """
      UNWIND $keys AS key
      MATCH (a:Alias {tenant: $tenant, key: key})-[:ALIAS_OF]->(e:Entity)
      RETURN key, e.id AS id, e.type AS type, e.first_seen AS first_seen""";

  /** Fuzzy candidates: the known names sharing a first character with a new one. */
  static final String CANDIDATES =
      """
      UNWIND $blocks AS block
      MATCH (a:Alias {tenant: $tenant, block: block})-[:ALIAS_OF]->(e:Entity)
      RETURN a.key AS key, e.id AS id""";

  static final String CREATE =
      """
      UNWIND $rows AS row
      MERGE (e:Entity {tenant: $tenant, id: row.id})
        ON CREATE SET e.name = row.name, e.normalized_name = row.key, e.type = row.type,
                      e.first_seen = row.seen, e.mention_count = 0
      MERGE (a:Alias {tenant: $tenant, key: row.key})
        ON CREATE SET a.name = row.name, a.block = row.block
      WITH e, a
      WHERE NOT (a)-[:ALIAS_OF]->()
      CREATE (a)-[:ALIAS_OF {tenant: $tenant}]->(e)""";

  /** A new name resolved fuzzily: an alias of the match, and a merge record to undo it by. */
  static final String FUZZY_ALIAS =
      """
      UNWIND $rows AS row
      MATCH (e:Entity {tenant: $tenant, id: row.into})
      MERGE (a:Alias {tenant: $tenant, key: row.key})
        ON CREATE SET a.name = row.name, a.block = row.block
      MERGE (m:EntityMerge {tenant: $tenant, id: row.merge_id})
        ON CREATE SET m.into = row.into, m.from_id = row.from_id, m.from_name = row.name,
                      m.from_key = row.key, m.from_type = row.type, m.from_first_seen = row.seen,
                      m.keys = [row.key], m.method = 'fuzzy', m.score = row.score,
                      m.merged_at = row.seen
      WITH e, a
      WHERE NOT (a)-[:ALIAS_OF]->()
      CREATE (a)-[:ALIAS_OF {tenant: $tenant}]->(e)""";

  /** Keeps the first specific type and the earliest sighting. */
  static final String TOUCH =
      """
      UNWIND $rows AS row
      MATCH (e:Entity {tenant: $tenant, id: row.id})
      SET e.type = CASE WHEN coalesce(e.type, 'unknown') = 'unknown' THEN row.type ELSE e.type END,
          e.first_seen = CASE WHEN e.first_seen IS NULL OR row.seen < e.first_seen
                              THEN row.seen ELSE e.first_seen END""";

  private ResolutionQueries() {}
}
