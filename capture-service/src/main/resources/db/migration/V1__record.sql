-- The system of record. Everything else (index, graph) is a projection rebuilt from these tables.
-- Every row carries its tenant; every query filters on it.

-- Ids are 64-bit and come from sequences that step by 50, so Hibernate can hand out a block of
-- ids per round trip (pooled optimizer, allocationSize = 50).
create sequence exchange_id_seq start with 1 increment by 50;
create sequence memory_id_seq start with 1 increment by 50;

-- Verbatim turns of a conversation, append-only.
create table exchanges (
    id              bigint primary key,
    tenant          text        not null,
    agent           text        not null,
    chat            text        not null,
    thread          text,
    session         text,
    speaker         text        not null,
    role            text        not null check (role in ('user', 'assistant', 'system', 'tool')),
    text            text        not null,
    content_sha256  text        not null,
    occurred_at     timestamptz not null,
    recorded_at     timestamptz not null,
    metadata        jsonb,
    version         bigint      not null default 1
);
create index exchanges_chat_time on exchanges (tenant, agent, chat, occurred_at, id);
create index exchanges_tenant_id on exchanges (tenant, id);

-- Long-term memories: never silently overwritten; supersession keeps the chain.
create table memories (
    id              bigint primary key,
    tenant          text             not null,
    agent           text,
    chat            text,
    thread          text,
    session         text,
    scope           text             not null check (scope in ('GLOBAL', 'AGENT', 'CHAT')),
    category        text             not null check (category in ('PROFILE', 'KNOWLEDGE', 'EVENT', 'DECISION')),
    text            text             not null,
    content_sha256  text             not null,
    confidence      double precision not null check (confidence >= 0 and confidence <= 1),
    source          text             not null,
    provenance      jsonb,
    metadata        jsonb,
    status          text             not null check (status in ('ACTIVE', 'ARCHIVED', 'SUPERSEDED', 'QUARANTINED')),
    status_reason   text,
    supersedes      bigint references memories (id) on delete set null,
    superseded_by   bigint references memories (id) on delete set null,
    expires_at      timestamptz,
    created_at      timestamptz      not null,
    updated_at      timestamptz      not null,
    archived_at     timestamptz,
    superseded_at   timestamptz,
    last_seen_at    timestamptz      not null,
    created_by      text             not null,
    version         bigint           not null,
    check ((scope = 'GLOBAL' and chat is null)
        or (scope = 'AGENT' and agent is not null and chat is null)
        or (scope = 'CHAT' and agent is not null and chat is not null))
);
create index memories_tenant_id on memories (tenant, id desc);
create index memories_scope on memories (tenant, agent, chat, status);

-- Small named documents: working memory per session, hot context per agent, handoff per thread.
create table slots (
    id              bigserial   primary key,
    tenant          text        not null,
    agent           text        not null,
    owner_type      text        not null check (owner_type in ('AGENT', 'SESSION', 'THREAD')),
    owner_id        text        not null,
    name            text        not null,
    content         text        not null,
    content_sha256  text        not null,
    tokens          integer     not null,
    version         bigint      not null,
    created_at      timestamptz not null,
    updated_at      timestamptz not null,
    updated_by      text        not null,
    unique (tenant, agent, owner_type, owner_id, name)
);

-- Every write to memories and slots, with the full content before and after.
create table audit_log (
    id              bigserial primary key,
    tenant          text        not null,
    actor_key_id    text        not null,
    operation       text        not null,
    target_type     text        not null,
    target_id       text        not null,
    before          jsonb,
    after           jsonb,
    at              timestamptz not null
);
create index audit_log_tenant on audit_log (tenant, id);

-- Projection events, written in the same transaction as the change they describe and delivered
-- in id order by the dispatcher; a row is deleted once the projection has committed it.
create table outbox (
    id              bigserial primary key,
    tenant          text        not null,
    event_type      text        not null check (event_type in ('UPSERT', 'DELETE', 'RESET')),
    aggregate_type  text        not null check (aggregate_type in ('MEMORY', 'EXCHANGE', 'TENANT')),
    aggregate_id    bigint,
    version         bigint      not null default 0,
    created_at      timestamptz not null,
    attempts        integer     not null default 0,
    last_error      text,
    last_attempt_at timestamptz,
    dead_at         timestamptz
);
create index outbox_pending on outbox (id) where dead_at is null;
