-- Issue 16: relations that build themselves, and belief evidence for graph-service.

-- Every memory inserted from now on waits here for its SIMILAR_TO / SUPPORTS pass
-- (autorelation/SimilarLinks), which asks recall-service for its neighbours off the write path.
-- A trigger rather than a call in each write path, so that every way a memory is born (API,
-- Reflector, explicit remember, supersede, priors, restore) is covered; a quarantined one stays
-- queued until it is released. Deleting the memory drops its entry. Not part of backups (a restore
-- queues the restored memories again; the pass never makes a relation twice).
create table memory_link_queue (
    memory_id bigint primary key references memories (id) on delete cascade deferrable initially immediate,
    tenant    text        not null,
    queued_at timestamptz not null default now(),
    attempts  int         not null default 0
);

create function queue_memory_links() returns trigger language plpgsql as $$
begin
    insert into memory_link_queue (memory_id, tenant) values (new.id, new.tenant) on conflict do nothing;
    return new;
end
$$;

create trigger memories_queue_links after insert on memories
    for each row execute function queue_memory_links();

-- Evidence about a memory's statement (a repeat supports it, a correction or contradiction counts
-- against it), sent to graph-service's beliefs through the outbox. Idempotent on (tenant,
-- evidence_key): a retried write records it once. It goes with the memory it is about.
create sequence belief_evidence_id_seq increment by 50;
create table belief_evidence (
    id           bigint primary key,
    tenant       text             not null,
    evidence_key text             not null,
    memory_id    bigint           not null references memories (id) on delete cascade deferrable initially immediate,
    statement    text             not null,
    strength     double precision not null check (strength >= 0 and strength <= 1),
    confidence   double precision not null check (confidence >= 0 and confidence <= 1),
    source       text             not null check (source in ('dedup', 'correction', 'contradiction')),
    memory_ids   bigint[]         not null,
    recorded_at  timestamptz      not null,
    unique (tenant, evidence_key)
);
create index belief_evidence_memory on belief_evidence (memory_id);

alter table outbox drop constraint outbox_aggregate_type_check;
alter table outbox add constraint outbox_aggregate_type_check
    check (aggregate_type in ('MEMORY', 'EXCHANGE', 'FACT', 'RELATION', 'TENANT', 'EVIDENCE'));
