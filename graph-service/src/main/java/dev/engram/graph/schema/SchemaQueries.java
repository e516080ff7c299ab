package dev.engram.graph.schema;

/** Cypher for the schema bookkeeping: which migration versions this database has applied. */
final class SchemaQueries {

  static final String APPLIED =
      "MATCH (m:SchemaMigration) RETURN m.version AS version, m.checksum AS checksum";

  /** Recorded after all of a migration's statements succeeded; MERGE keeps a re-run harmless. */
  static final String RECORD =
      """
      MERGE (m:SchemaMigration {version: $version})
      ON CREATE SET m.description = $description, m.checksum = $checksum,
                    m.applied_at = datetime()
      RETURN m.version AS version""";

  private SchemaQueries() {}
}
