-- A restore loads the record with ids preserved in one transaction, streams in any order: a memory
-- may arrive before the one it supersedes, a relation before its memories. The foreign keys become
-- deferrable (still checked immediately by default), so the import defers them to its end.
alter table memories alter constraint memories_supersedes_fkey deferrable initially immediate;
alter table memories alter constraint memories_superseded_by_fkey deferrable initially immediate;
alter table memory_relations alter constraint memory_relations_from_memory_fkey deferrable initially immediate;
alter table memory_relations alter constraint memory_relations_to_memory_fkey deferrable initially immediate;
alter table reflector_inbox alter constraint reflector_inbox_exchange_id_fkey deferrable initially immediate;
