package dev.engram.graph.operations;

/** Cypher for the tidying at the end of a batch. */
final class CleanupQueries {

  /**
   * Entities nothing refers to any more (no fact, no mention) go with their aliases and merge
   * records: after a forget, no name of the forgotten memory stays behind.
   */
  static final String ORPHANS =
      """
      UNWIND $ids AS id
      MATCH (e:Entity {tenant: $tenant, id: id})
      WHERE NOT EXISTS { (e)-[:FACT]-() } AND NOT EXISTS { (e)<-[:MENTIONS|SOURCE_OF]-() }
      CALL (e) {
        MATCH (a:Alias)-[:ALIAS_OF]->(e)
        DETACH DELETE a
      }
      CALL (e) {
        MATCH (m:EntityMerge {tenant: $tenant, into: e.id})
        DELETE m
      }
      DETACH DELETE e
      RETURN id""";

  /**
   * How often an entity is mentioned: by memory and exchange texts, and by facts. Both are degree
   * lookups, so a hub is as cheap to count as any other entity.
   */
  static final String RECOUNT =
      """
      UNWIND $ids AS id
      MATCH (e:Entity {tenant: $tenant, id: id})
      SET e.mention_count = COUNT { (e)<-[:MENTIONS]-() } + COUNT { (e)-[:FACT]-() }""";

  /** Placeholder memories (created for a fact source or a relation end) nothing points at. */
  static final String PLACEHOLDERS =
      """
      UNWIND $ids AS id
      MATCH (m:Memory {tenant: $tenant, id: id})
      WHERE m.placeholder = true AND NOT EXISTS { (m)--() }
      DELETE m""";

  private CleanupQueries() {}
}
