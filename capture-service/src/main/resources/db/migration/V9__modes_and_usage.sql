-- Mode isolation (issue 17): an exchange or memory may carry a mode (work, personal, roleplay, ...);
-- recall for a mode sees that mode and untagged rows only. Null: untagged (every existing row).
alter table exchanges add column mode text
    check (mode ~ '^[a-z][a-z0-9_-]{0,31}$');
alter table memories add column mode text
    check (mode ~ '^[a-z][a-z0-9_-]{0,31}$');

-- Usage (issue 17): how often recall or context surfaced a memory, when last, and when a context
-- pack last gave it to an agent ("used"; decay counts that as seen). Written only by the batched
-- internal endpoint, never by entity updates, so a concurrent edit cannot lose a count.
alter table memories add column times_surfaced bigint not null default 0;
alter table memories add column last_surfaced timestamptz;
alter table memories add column last_used timestamptz;
