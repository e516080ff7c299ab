package dev.engram.graph.backup;

import dev.engram.graph.operations.RelationType;
import dev.engram.graph.scope.LinkOrder;
import java.util.List;

/**
 * Cypher writing imported records: a MERGE on (tenant, id), then the properties replaced by the
 * record's ({@code SET n = row.props}), so a restored node or relationship has exactly the stored
 * properties. Each statement returns how many records it wrote, so a record naming an entity,
 * memory or belief that does not exist is noticed instead of silently dropped.
 */
final class ImportQueries {

  private ImportQueries() {}

  /** What the graph holds for these (tenant, id) pairs: {@code key} and {@code version}. */
  static String existing(BackupStream stream) {
    String match =
        switch (stream) {
          case ENTITIES -> "MATCH (n:Entity {tenant: k.tenant, id: k.id})";
          case MERGES -> "MATCH (n:EntityMerge {tenant: k.tenant, id: k.id})";
          case MEMORIES ->
              "MATCH (n:Memory {tenant: k.tenant, id: k.id}) WHERE n.placeholder IS NULL";
          case EXCHANGES -> "MATCH (n:Exchange {tenant: k.tenant, id: k.id})";
          case FACTS -> "MATCH ()-[n:FACT {tenant: k.tenant, id: k.id}]->()";
          case RELATIONS ->
              "MATCH (:Memory)-[n:%s {tenant: k.tenant, id: k.id}]->(:Memory)"
                  .formatted(RelationType.ANY);
          case BELIEFS -> "MATCH (n:Belief {tenant: k.tenant, id: k.id})";
          case EVIDENCE -> "MATCH (n:Evidence {tenant: k.tenant, id: k.id})";
          case BELIEF_SETTINGS -> "MATCH (n:BeliefSettings {tenant: k.tenant})";
        };
    String version = stream.versionField == null ? "null" : "n." + stream.versionField;
    return "UNWIND $keys AS k " + match + " RETURN k.key AS key, " + version + " AS version";
  }

  /** The statements writing records of {@code stream} (relations: one per type). */
  static String write(BackupStream stream, RelationType type) {
    return switch (stream) {
      case ENTITIES ->
          // An alias already pointing at an entity keeps it (merge into a live graph).
          """
          UNWIND $rows AS row
          MERGE (e:Entity {tenant: row.tenant, id: row.id})
          SET e = row.props
          WITH e, row
          CALL (e, row) {
            UNWIND row.aliases AS alias
            MERGE (a:Alias {tenant: row.tenant, key: alias.key})
              ON CREATE SET a = alias
            WITH a, e, row WHERE NOT (a)-[:ALIAS_OF]->()
            CREATE (a)-[:ALIAS_OF {tenant: row.tenant}]->(e)
          }
          RETURN count(*) AS written""";
      case MERGES -> node("EntityMerge");
      case MEMORIES ->
          mentioning(
              "Memory",
              LinkOrder.memory("n", "r", "e"),
              // Its fact sources, restored before it as placeholders, rank by it from now on.
              """
              CALL (n) {
                MATCH (n)-[r:SOURCE_OF]->(e:Entity)
                %s
              }"""
                  .formatted(LinkOrder.memory("n", "r", "e")));
      case EXCHANGES -> mentioning("Exchange", LinkOrder.exchange("n", "r", "e"), "");
      case FACTS ->
          // Sources as the projection writes them (FactQueries.UPSERT): each source memory links
          // to both ends under the key the fact was written with.
          """
          UNWIND $rows AS row
          MATCH (s:Entity {tenant: row.tenant, id: row.subject_id})
          MATCH (o:Entity {tenant: row.tenant, id: row.object_id})
          CALL (row) {
            MATCH ()-[old:FACT {tenant: row.tenant, id: row.id}]->()
            DELETE old
          }
          CALL (row) {
            MATCH (:Memory)-[r:SOURCE_OF {tenant: row.tenant, fact_id: row.id}]->()
            DELETE r
          }
          CREATE (s)-[f:FACT]->(o)
          SET f = row.props
          WITH row, s, o
          CALL (row, s, o) {
            UNWIND row.sources AS source
            MERGE (m:Memory {tenant: row.tenant, id: source})
              ON CREATE SET m.placeholder = true
            MERGE (m)-[a:SOURCE_OF {tenant: row.tenant, fact_id: row.id,
                                    key: row.props.subject_key}]->(s)
            %1$s
            MERGE (m)-[b:SOURCE_OF {tenant: row.tenant, fact_id: row.id,
                                    key: row.props.object_key}]->(o)
            %2$s
          }
          RETURN count(*) AS written"""
              .formatted(LinkOrder.memory("m", "a", "s"), LinkOrder.memory("m", "b", "o"));
      case RELATIONS ->
          """
          UNWIND $rows AS row
          MERGE (a:Memory {tenant: row.tenant, id: row.from_memory})
            ON CREATE SET a.placeholder = true
          MERGE (b:Memory {tenant: row.tenant, id: row.to_memory})
            ON CREATE SET b.placeholder = true
          WITH row, a, b
          CALL (row) {
            MATCH ()-[old:%s {tenant: row.tenant, id: row.id}]->()
            DELETE old
          }
          CREATE (a)-[r:%s]->(b)
          SET r = row.props
          RETURN count(*) AS written"""
              .formatted(RelationType.ANY, type.name());
      case BELIEFS ->
          // The key loops the context's lookup seeks (V004) follow the restored entity_keys.
          """
          UNWIND $rows AS row
          MERGE (n:Belief {tenant: row.tenant, id: row.id})
          SET n = row.props
          WITH n, row
          CALL (n) {
            MATCH (n)-[k:BELIEF_KEY]->(n)
            WHERE NOT k.key IN coalesce(n.entity_keys, [])
            DELETE k
          }
          CALL (n, row) {
            UNWIND coalesce(n.entity_keys, []) AS key
            MERGE (n)-[:BELIEF_KEY {tenant: row.tenant, key: key}]->(n)
          }
          RETURN count(*) AS written""";
      case EVIDENCE ->
          """
          UNWIND $rows AS row
          MATCH (b:Belief {tenant: row.tenant, id: row.props.belief_id})
          MERGE (v:Evidence {tenant: row.tenant, id: row.id})
          SET v = row.props
          MERGE (v)-[:EVIDENCE_FOR {tenant: row.tenant}]->(b)
          RETURN count(*) AS written""";
      case BELIEF_SETTINGS ->
          """
          UNWIND $rows AS row
          MERGE (s:BeliefSettings {tenant: row.tenant})
          SET s = row.props
          RETURN count(*) AS written""";
    };
  }

  /**
   * A replace removes beliefs and the belief settings too (the projection reset keeps them), after
   * the projection: the archive holds the tenant's beliefs and rule as they were (no settings in
   * the archive: the default rule, as before they were chosen).
   */
  static final List<String> RESET_BELIEFS =
      List.of(
          """
          MATCH (s:BeliefSettings {tenant: $tenant})
          DETACH DELETE s""",
          """
          MATCH (v:Evidence {tenant: $tenant})
          CALL (v) { DETACH DELETE v } IN TRANSACTIONS OF 2000 ROWS""",
          """
          MATCH (b:Belief {tenant: $tenant})
          CALL (b) { DETACH DELETE b } IN TRANSACTIONS OF 2000 ROWS""");

  private static String node(String label) {
    return """
        UNWIND $rows AS row
        MERGE (n:%s {tenant: row.tenant, id: row.id})
        SET n = row.props
        RETURN count(*) AS written"""
        .formatted(label);
  }

  /**
   * A memory or exchange, its mentions replaced by the record's; {@code order} sets a link's copy
   * of the item's order ({@link LinkOrder}), {@code more} refreshes other links of the item.
   */
  private static String mentioning(String label, String order, String more) {
    return """
        UNWIND $rows AS row
        MERGE (n:%1$s {tenant: row.tenant, id: row.id})
        SET n = row.props
        WITH n, row
        CALL (n) {
          MATCH (n)-[r:MENTIONS]->()
          DELETE r
        }
        CALL (n, row) {
          UNWIND row.mentions AS mention
          MATCH (e:Entity {tenant: row.tenant, id: mention.entity})
          CREATE (n)-[r:MENTIONS]->(e)
          SET r = mention.props
          %2$s
          RETURN count(*) AS linked
        }
        %3$s
        RETURN count(*) AS written, sum(linked) AS linked, sum(size(row.mentions)) AS mentions"""
        .formatted(label, order, more);
  }
}
