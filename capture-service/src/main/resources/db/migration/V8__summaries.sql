-- Issue 17: summaries are memories of category SUMMARY (made by the Reflector, daily, weekly,
-- monthly per chat and thread). The Reflector looks up the latest summary of a period by its
-- metadata, so that lookup gets a partial index of its own.
alter table memories drop constraint if exists memories_category_check;
alter table memories add constraint memories_category_check
    check (category in ('PROFILE', 'KNOWLEDGE', 'EVENT', 'DECISION', 'SUMMARY'));

create index memories_summaries on memories (tenant, agent, chat, (metadata ->> 'level'))
    where category = 'SUMMARY' and status in ('ACTIVE', 'QUARANTINED');
