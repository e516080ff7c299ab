-- Gated promotion (issue 17): what keeps coming back across days and sessions is proposed as
-- identity or a canonical fact; a human (or a tenant's auto-approval) decides. A promoted memory or
-- fact is canonical: it can be superseded, never deleted.
alter table memories add column canonical boolean not null default false;
alter table facts add column canonical boolean not null default false;

-- One proposal per memory or fact, ever: a rejected one is not proposed again, and the periodic
-- pass inserts with "on conflict do nothing", so running it twice changes nothing.
create table promotions (
    id           bigserial        primary key,
    tenant       text             not null,
    target_type  text             not null check (target_type in ('memory', 'fact')),
    target_id    bigint           not null,
    kind         text             not null check (kind in ('IDENTITY', 'CANONICAL')),
    status       text             not null check (status in ('PENDING', 'APPROVED', 'REJECTED')),
    text         text             not null,
    confidence   double precision not null check (confidence >= 0 and confidence <= 1),
    days         integer          not null,
    sessions     integer          not null,
    first_seen   date             not null,
    last_seen    date             not null,
    created_at   timestamptz      not null,
    decided_at   timestamptz,
    decided_by   text,
    reason       text,
    version      bigint           not null,
    unique (tenant, target_type, target_id)
);
create index promotions_tenant_status on promotions (tenant, status, id);
