// Engram graph schema, version 2: the temporal knowledge graph fed by capture-service's outbox.
// Every node and relationship carries `tenant`; every lookup below leads with it.
// One statement per `;`. Everything is IF NOT EXISTS, so applying the file again is harmless.

// (:Exchange {tenant, id, version, agent, chat, thread, speaker, text, occurred_at}).
CREATE CONSTRAINT exchange_tenant_id IF NOT EXISTS
FOR (x:Exchange) REQUIRE (x.tenant, x.id) IS UNIQUE;

CREATE INDEX exchange_tenant IF NOT EXISTS
FOR (x:Exchange) ON (x.tenant);

// (:Alias {tenant, key, name, block})-[:ALIAS_OF]->(:Entity): every name an entity is known by,
// its own normalized name included. One key, one entity; `block` (first character) draws fuzzy
// candidates.
CREATE CONSTRAINT alias_tenant_key IF NOT EXISTS
FOR (a:Alias) REQUIRE (a.tenant, a.key) IS UNIQUE;

CREATE INDEX alias_tenant IF NOT EXISTS
FOR (a:Alias) ON (a.tenant);

CREATE INDEX alias_tenant_block IF NOT EXISTS
FOR (a:Alias) ON (a.tenant, a.block);

// (:EntityMerge {tenant, id, into, from_id, from_name, keys, method, score, merged_at,
// reverted_at}): a merge, kept so it can be undone.
CREATE CONSTRAINT entity_merge_tenant_id IF NOT EXISTS
FOR (m:EntityMerge) REQUIRE (m.tenant, m.id) IS UNIQUE;

CREATE INDEX entity_merge_tenant IF NOT EXISTS
FOR (m:EntityMerge) ON (m.tenant);

CREATE INDEX entity_merge_tenant_into IF NOT EXISTS
FOR (m:EntityMerge) ON (m.tenant, m.into);

// Centrality ranks the entities of a tenant.
CREATE INDEX entity_tenant_centrality IF NOT EXISTS
FOR (e:Entity) ON (e.tenant, e.centrality);

// (:Evidence {tenant, id, belief_id, strength, confidence, …})-[:EVIDENCE_FOR]->(:Belief).
CREATE CONSTRAINT evidence_tenant_id IF NOT EXISTS
FOR (v:Evidence) REQUIRE (v.tenant, v.id) IS UNIQUE;

CREATE INDEX evidence_tenant IF NOT EXISTS
FOR (v:Evidence) ON (v.tenant);

// Facts by tenant (stats, centrality) and by chat (the per-chat capacity).
CREATE INDEX fact_tenant IF NOT EXISTS
FOR ()-[f:FACT]-() ON (f.tenant);

CREATE INDEX fact_tenant_chat IF NOT EXISTS
FOR ()-[f:FACT]-() ON (f.tenant, f.chat);

// (:Memory)-[:SOURCE_OF {tenant, fact_id, key}]->(:Entity): a fact's source memory, to both ends.
CREATE INDEX source_of_tenant_fact IF NOT EXISTS
FOR ()-[r:SOURCE_OF]-() ON (r.tenant, r.fact_id);

// Typed memory-to-memory relations, each unique by (tenant, id).
CREATE CONSTRAINT supports_tenant_id IF NOT EXISTS
FOR ()-[r:SUPPORTS]-() REQUIRE (r.tenant, r.id) IS UNIQUE;

CREATE CONSTRAINT contradicts_tenant_id IF NOT EXISTS
FOR ()-[r:CONTRADICTS]-() REQUIRE (r.tenant, r.id) IS UNIQUE;

CREATE CONSTRAINT related_to_tenant_id IF NOT EXISTS
FOR ()-[r:RELATED_TO]-() REQUIRE (r.tenant, r.id) IS UNIQUE;

CREATE CONSTRAINT depends_on_tenant_id IF NOT EXISTS
FOR ()-[r:DEPENDS_ON]-() REQUIRE (r.tenant, r.id) IS UNIQUE;

CREATE CONSTRAINT derived_from_tenant_id IF NOT EXISTS
FOR ()-[r:DERIVED_FROM]-() REQUIRE (r.tenant, r.id) IS UNIQUE;

CREATE CONSTRAINT blocks_tenant_id IF NOT EXISTS
FOR ()-[r:BLOCKS]-() REQUIRE (r.tenant, r.id) IS UNIQUE;

CREATE CONSTRAINT similar_to_tenant_id IF NOT EXISTS
FOR ()-[r:SIMILAR_TO]-() REQUIRE (r.tenant, r.id) IS UNIQUE;
