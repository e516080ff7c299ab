// Engram graph schema, version 4: beliefs found by the names they mention (issue 14). Context
// assembly asks for the beliefs naming the entities in play; a list property cannot be indexed, so
// answering from `entity_keys` read every belief of the tenant (23 626 at 104k memories: 71 000
// db hits per context). Each belief now carries one self-loop per name it mentions,
// (b)-[:BELIEF_KEY {tenant, key}]->(b), written with the belief (and by an import), so the lookup
// is an index seek. Derived from `entity_keys`, never exported; deleting a belief deletes its loops.
CREATE INDEX belief_key_lookup IF NOT EXISTS
FOR ()-[k:BELIEF_KEY]-() ON (k.tenant, k.key);

// The beliefs written before this version, in chunks (MERGE: running it again adds nothing).
MATCH (b:Belief) WHERE b.tenant IS NOT NULL AND b.entity_keys IS NOT NULL
CALL (b) {
  UNWIND b.entity_keys AS key
  MERGE (b)-[:BELIEF_KEY {tenant: b.tenant, key: key}]->(b)
} IN TRANSACTIONS OF 2000 ROWS;
