// Engram graph schema, version 1: identities and lookups for the model the graph grows into.
// Every domain node and relationship carries `tenant`; every id is unique per tenant.
// Neo4j Community has uniqueness constraints and range indexes; node/relationship key and
// existence constraints are Enterprise-only, so "tenant is always set" is enforced by the code.
// One statement per `;`. Everything is IF NOT EXISTS, so applying the file again is harmless.

CREATE CONSTRAINT schema_migration_version IF NOT EXISTS
FOR (m:SchemaMigration) REQUIRE m.version IS UNIQUE;

// (:Entity {tenant, id, name, normalized_name, type}): people, places, projects, things.
CREATE CONSTRAINT entity_tenant_id IF NOT EXISTS
FOR (e:Entity) REQUIRE (e.tenant, e.id) IS UNIQUE;

// (:Memory {tenant, id}): a memory of the record (capture-service), linked to its entities.
CREATE CONSTRAINT memory_tenant_id IF NOT EXISTS
FOR (m:Memory) REQUIRE (m.tenant, m.id) IS UNIQUE;

// (:Belief {tenant, id, strength, confidence}): a statement with a truth value.
CREATE CONSTRAINT belief_tenant_id IF NOT EXISTS
FOR (b:Belief) REQUIRE (b.tenant, b.id) IS UNIQUE;

// (:Entity)-[:FACT {tenant, id, predicate, valid_from, valid_to, recorded_at, invalidated_at}]->(:Entity):
// a bi-temporal fact, invalidated (invalidated_at set), never deleted, when superseded.
CREATE CONSTRAINT fact_tenant_id IF NOT EXISTS
FOR ()-[f:FACT]-() REQUIRE (f.tenant, f.id) IS UNIQUE;

CREATE INDEX entity_tenant IF NOT EXISTS
FOR (e:Entity) ON (e.tenant);

CREATE INDEX memory_tenant IF NOT EXISTS
FOR (m:Memory) ON (m.tenant);

CREATE INDEX belief_tenant IF NOT EXISTS
FOR (b:Belief) ON (b.tenant);

// Entity resolution looks a name up within one tenant, so the tenant leads the index.
CREATE INDEX entity_tenant_normalized_name IF NOT EXISTS
FOR (e:Entity) ON (e.tenant, e.normalized_name);

CREATE INDEX fact_tenant_predicate IF NOT EXISTS
FOR ()-[f:FACT]-() ON (f.tenant, f.predicate);
