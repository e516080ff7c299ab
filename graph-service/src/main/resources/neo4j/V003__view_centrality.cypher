// Engram graph schema, version 3: centrality per reader view (issue 14). A chat's graph signal
// must not depend on what other chats hold, so besides the tenant-wide PageRank on the entities
// (what a tenant-wide reader sees) the scheduled run ranks the facts each view can see.
// Derived data: recomputed on every run, never exported.

// (:CentralityView {tenant, key, level}): one per view that has facts of its own: level 0 the
// tenant's GLOBAL facts, 1 an agent's (+ GLOBAL), 2 a chat's (+ its agent's + GLOBAL).
CREATE CONSTRAINT centrality_view_tenant_key IF NOT EXISTS
FOR (v:CentralityView) REQUIRE (v.tenant, v.key) IS UNIQUE;

// (:ViewCentrality {tenant, view, entity, score}): an entity's PageRank within one view.
CREATE INDEX view_centrality_lookup IF NOT EXISTS
FOR (c:ViewCentrality) ON (c.tenant, c.view, c.entity);
