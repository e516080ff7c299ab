-- Notes at three levels (issue 11): a tenant's global notes and a chat's notes join the agent's,
-- the session's and the thread's. A tenant's note belongs to no agent: its agent is ''.
alter table slots drop constraint slots_owner_type_check;
alter table slots add constraint slots_owner_type_check
    check (owner_type in ('TENANT', 'AGENT', 'CHAT', 'SESSION', 'THREAD'));
alter table slots add constraint slots_tenant_owner_has_no_agent
    check ((owner_type = 'TENANT') = (agent = ''));

-- A session of an agent, recorded at its start (or at its first end or checkpoint): the chat and
-- thread it runs in and, once ended, when and the summary the day view shows.
create table sessions (
    id                 bigserial   primary key,
    tenant             text        not null,
    agent              text        not null,
    session            text        not null,
    chat               text,
    thread             text,
    started_at         timestamptz not null,
    ended_at           timestamptz,
    summary            text,
    -- why the gate withheld the summary (it is then never shown in the day view)
    summary_quarantine text,
    checkpoints        integer     not null default 0,
    unique (tenant, agent, session)
);
create index sessions_ended on sessions (tenant, agent, chat, ended_at);

-- What a gateway was doing when it compacted its context: the summary of the dropped turns (its
-- own or composed), its open commitments, and the checkpoint slot content written from them.
create table session_checkpoints (
    id           bigserial   primary key,
    tenant       text        not null,
    agent        text        not null,
    session      text        not null,
    chat         text,
    thread       text,
    summary      text,
    commitments  text[]      not null default '{}',
    content      text        not null,
    created_at   timestamptz not null
);
create index session_checkpoints_session on session_checkpoints (tenant, agent, session, created_at);

-- The Reflector is also run on a chat when one of its sessions ends.
alter table reflector_runs drop constraint reflector_runs_trigger_check;
alter table reflector_runs add constraint reflector_runs_trigger_check
    check (trigger in ('SCHEDULE', 'MANUAL', 'SESSION_END'));
