-- memories.superseded_by references memories(id) ON DELETE SET NULL: every deleted memory makes
-- PostgreSQL look for rows pointing at it. Without an index that is a scan of the whole table per
-- deleted row, which turned the replace of a 100k-memory tenant during a restore into hours.
create index memories_superseded_by on memories (superseded_by) where superseded_by is not null;
-- The same for memory_relations.from_memory (its unique key starts with tenant, so it cannot serve
-- a lookup by from_memory alone; to_memory has its own index since V2).
create index memory_relations_from on memory_relations (from_memory);
