-- Automatic capture: facts, memory relations, quarantine, the Reflector, and an outbox that feeds
-- two projections (recall-service and graph-service) independently.

-- Exchanges: a poisoned turn is kept verbatim (it is history) but flagged, never projected, and
-- whatever is derived from it is quarantined too.
alter table exchanges
    add column status        text not null default 'ACTIVE' check (status in ('ACTIVE', 'QUARANTINED')),
    add column status_reason text;
-- Dedup on write looks for the same content in the same chat.
create index exchanges_content on exchanges (tenant, agent, chat, content_sha256);
create index exchanges_quarantined on exchanges (tenant, id) where status = 'QUARANTINED';

-- Memories: when confidence decay last ran over a memory (decay restarts when it is seen again).
alter table memories add column decayed_at timestamptz;
create index memories_quarantined on memories (tenant, id) where status = 'QUARANTINED';
create index memories_content on memories (tenant, content_sha256);
create index memories_supersedes on memories (supersedes) where supersedes is not null;

-- Slots can be quarantined as well: a poisoned slot is kept for review but never served.
alter table slots
    add column status        text not null default 'ACTIVE' check (status in ('ACTIVE', 'QUARANTINED')),
    add column status_reason text;

-- Facts: (subject)-[predicate]->(object) with world time (valid_from/valid_to) and system time
-- (recorded_at/invalidated_at). A newer value of a functional predicate invalidates the older one;
-- nothing is deleted except by deleting the memories it came from.
create sequence fact_id_seq start with 1 increment by 50;
create table facts (
    id                bigint primary key,
    tenant            text             not null,
    agent             text,
    chat              text,
    scope             text             not null check (scope in ('GLOBAL', 'AGENT', 'CHAT')),
    subject           text             not null,
    subject_key       text             not null,
    predicate         text             not null check (predicate ~ '^[a-z][a-z0-9_]{0,63}$'),
    object            text             not null,
    object_key        text             not null,
    valid_from        timestamptz      not null,
    valid_to          timestamptz,
    recorded_at       timestamptz      not null,
    invalidated_at    timestamptz,
    confidence        double precision not null check (confidence >= 0 and confidence <= 1),
    source_memory_ids bigint[]         not null default '{}',
    status            text             not null check (status in ('ACTIVE', 'SUPERSEDED', 'QUARANTINED')),
    superseded_by     bigint,
    created_by        text             not null,
    updated_at        timestamptz      not null,
    version           bigint           not null
);
create index facts_current on facts (tenant, subject_key, predicate) where invalidated_at is null;
create index facts_tenant on facts (tenant, id desc);
create index facts_sources on facts using gin (source_memory_ids);

-- Typed links between memories.
create sequence relation_id_seq start with 1 increment by 50;
create table memory_relations (
    id          bigint primary key,
    tenant      text             not null,
    from_memory bigint           not null references memories (id) on delete cascade,
    to_memory   bigint           not null references memories (id) on delete cascade,
    type        text             not null check (type in ('SUPPORTS', 'CONTRADICTS', 'RELATED_TO',
                                                          'DEPENDS_ON', 'DERIVED_FROM', 'BLOCKS', 'SIMILAR_TO')),
    weight      double precision not null check (weight >= 0 and weight <= 1),
    created_at  timestamptz      not null,
    created_by  text             not null,
    version     bigint           not null,
    unique (tenant, from_memory, to_memory, type),
    check (from_memory <> to_memory)
);
create index memory_relations_to on memory_relations (to_memory);

-- The outbox now feeds two projections. Each target has its own dispatcher, lock, backoff and dead
-- events, so an outage of one never holds back the other.
alter table outbox add column target text not null default 'RECALL' check (target in ('RECALL', 'GRAPH'));
alter table outbox drop constraint outbox_aggregate_type_check;
alter table outbox add constraint outbox_aggregate_type_check
    check (aggregate_type in ('MEMORY', 'EXCHANGE', 'FACT', 'RELATION', 'TENANT'));
drop index outbox_pending;
create index outbox_pending on outbox (target, id) where dead_at is null;
-- The graph projection starts from the record as it is now.
insert into outbox (tenant, event_type, aggregate_type, aggregate_id, version, created_at, target)
select tenant, 'UPSERT', 'MEMORY', id, 0, now(), 'GRAPH' from memories where status <> 'QUARANTINED' order by id;
insert into outbox (tenant, event_type, aggregate_type, aggregate_id, version, created_at, target)
select tenant, 'UPSERT', 'EXCHANGE', id, 0, now(), 'GRAPH' from exchanges order by id;

-- The Reflector's work queue: every stored exchange is enqueued with it in the same transaction, and
-- the Reflector deletes what it consumed in the transaction that stores what it derived. Unlike a
-- position in (occurred_at, id), this loses nothing that commits late or arrives back-dated.
create table reflector_inbox (
    exchange_id bigint primary key references exchanges (id) on delete cascade,
    tenant      text        not null,
    agent       text        not null,
    chat        text        not null,
    occurred_at timestamptz not null
);
create index reflector_inbox_chat on reflector_inbox (tenant, agent, chat, occurred_at, exchange_id);
insert into reflector_inbox (exchange_id, tenant, agent, chat, occurred_at)
select id, tenant, agent, chat, occurred_at from exchanges;

-- Per chat: how far the Reflector has read (the last exchange consumed) and how much.
create table reflector_cursors (
    tenant           text        not null,
    agent            text        not null,
    chat             text        not null,
    last_exchange_id bigint      not null,
    last_occurred_at timestamptz not null,
    exchanges_read   bigint      not null,
    updated_at       timestamptz not null,
    primary key (tenant, agent, chat)
);

-- One record per Reflector run and tenant.
create table reflector_runs (
    id             bigserial primary key,
    tenant         text        not null,
    trigger        text        not null check (trigger in ('SCHEDULE', 'MANUAL')),
    status         text        not null check (status in ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED')),
    extractor      text        not null,
    started_at     timestamptz not null,
    finished_at    timestamptz,
    chats          integer     not null default 0,
    exchanges_read integer     not null default 0,
    extracted      integer     not null default 0,
    inserted       integer     not null default 0,
    touched        integer     not null default 0,
    superseded     integer     not null default 0,
    skipped        integer     not null default 0,
    quarantined    integer     not null default 0,
    archived       integer     not null default 0,
    decayed        integer     not null default 0,
    failed_batches integer     not null default 0,
    error          text
);
create index reflector_runs_tenant on reflector_runs (tenant, id desc);

create index audit_log_target on audit_log (tenant, target_type, target_id, id);
