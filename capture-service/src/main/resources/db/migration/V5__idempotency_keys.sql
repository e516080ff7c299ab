-- Idempotency-Key on the write API: the first successful answer to a (tenant, key), replayed to a
-- retry of the same request. A row with a null status is a claim: that request is still running.
-- Not part of backups: keys are short-lived (engram.capture.idempotency.ttl) and a restored record
-- starts without them.
create table idempotency_keys (
    tenant          text        not null,
    key             text        not null,
    request_sha256  text        not null,
    status          integer,
    content_type    text,
    response_body   bytea,
    created_at      timestamptz not null,
    primary key (tenant, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);
