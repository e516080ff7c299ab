-- Issue 29: what each context / session_start answer gave the agent (recall-service reports it
-- off the request path). Bounded by engram.capture.injections.* (retention, records per tenant,
-- bytes per record). Listings page by id (the cursor is the last id, as for memories): ids are
-- given on arrival, at most a flush (about a second) after created_at, so id order is newest first.
create table injection_records (
    id            bigserial   primary key,
    tenant        text        not null,
    agent         text        not null,
    chat          text,
    thread        text,
    session_id    text,
    kind          text        not null check (kind in ('context', 'session_start')),
    created_at    timestamptz not null,
    query         text,
    budget_tokens integer     not null,
    tokens        integer     not null,
    selected      integer     not null,
    candidates    bigint      not null,
    omitted       bigint      not null,
    truncated     boolean     not null default false,
    body          jsonb       not null
);

create index injection_records_chat on injection_records (tenant, agent, chat, id desc);
-- the last 24 h of a tenant (GET /v1/stats)
create index injection_records_recent on injection_records (tenant, created_at);
