// Engram graph schema, version 5: an entity's links read best first (issue 14). Neighbours keep
// the best $perNode items an entity leads to, memories by (confidence DESC, id DESC) and exchanges
// by id DESC; answered from the nodes, that read every link of a hub (31 040 mentions of one name
// at 1.04M memories). Each link from an item to an entity now carries the entity's id and what the
// order needs, so an index hands a seed's links over in order and the read stops after $perNode
// visible ones:
//   (:Memory)-[:MENTIONS|SOURCE_OF {entity, rank, memory}]->(:Entity)   rank = the memory's
//                                                                       confidence (1.0 if none)
//   (:Exchange)-[:MENTIONS {entity, exchange}]->(:Entity)
// Derived from the two ends and kept with them by every write (projection, merges, imports);
// never exported.
CREATE INDEX mention_rank IF NOT EXISTS
FOR ()-[r:MENTIONS]-() ON (r.tenant, r.entity, r.rank, r.memory);

CREATE INDEX source_rank IF NOT EXISTS
FOR ()-[r:SOURCE_OF]-() ON (r.tenant, r.entity, r.rank, r.memory);

CREATE INDEX exchange_mention IF NOT EXISTS
FOR ()-[r:MENTIONS]-() ON (r.tenant, r.entity, r.exchange);

// The links written before this version, in chunks; a retry picks up where a timeout stopped.
MATCH (m:Memory)-[r:MENTIONS|SOURCE_OF]->(e:Entity)
WHERE m.tenant IS NOT NULL AND r.memory IS NULL
CALL (m, r, e) {
  SET r.entity = e.id, r.rank = coalesce(m.confidence, 1.0), r.memory = m.id
} IN TRANSACTIONS OF 5000 ROWS;

MATCH (x:Exchange)-[r:MENTIONS]->(e:Entity)
WHERE x.tenant IS NOT NULL AND r.exchange IS NULL
CALL (x, r, e) {
  SET r.entity = e.id, r.exchange = x.id
} IN TRANSACTIONS OF 5000 ROWS;
