-- Context assembly reads the canonical memories an agent may see on every call (the identity
-- layer). Without an index on the flag PostgreSQL scanned every memory of the tenant for the few
-- canonical ones: at 104k memories a parallel sequential scan of 39 ms per context (EXPLAIN
-- ANALYZE), most of the 67 ms of PostgreSQL CPU a context cost in bench load. With this partial
-- index the same query takes 0.05 ms. Canonical memories are few, so the index stays small.
create index memories_canonical on memories (tenant, id) where canonical;
