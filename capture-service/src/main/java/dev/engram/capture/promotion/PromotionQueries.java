package dev.engram.capture.promotion;

/**
 * The candidate pass in SQL. A memory is "seen" on the day (UTC) and in the session of every
 * exchange it was drawn from: extraction puts the turns in its provenance and every dedup touch
 * adds the new turns, so repeats across conversations show there. A memory written without turns
 * (the API, priors) is seen on the days it was created or touched (audit log), outside any session.
 * A fact is seen wherever its source memories are. Sessions are counted with a turn outside any
 * session standing for its own day, so "at least two" means: not all from one session.
 */
final class PromotionQueries {

  private PromotionQueries() {}

  /**
   * Needs a CTE {@code watched(memory_id, tenant)}; defines {@code sighting(memory_id, day,
   * session)}.
   */
  private static final String SIGHTINGS =
      """
      evidence as (
        select w.memory_id, (e.occurred_at at time zone 'UTC')::date as day, e.session
        from watched w
        join memories m on m.id = w.memory_id
        cross join lateral jsonb_array_elements_text(
          case when jsonb_typeof(m.provenance -> 'exchange_ids') = 'array'
               then m.provenance -> 'exchange_ids' else '[]'::jsonb end) as p(exchange_id)
        join exchanges e on e.id = p.exchange_id::bigint and e.tenant = m.tenant
      ),
      direct as (
        select w.memory_id, (a.at at time zone 'UTC')::date as day, null::text as session
        from watched w
        join audit_log a on a.tenant = w.tenant and a.target_type = 'memory'
          and a.target_id = w.memory_id::text
          and a.operation in ('memory.create', 'memory.touch')
        where not exists (select 1 from evidence v where v.memory_id = w.memory_id)
      ),
      sighting as (select * from evidence union all select * from direct)
      """;

  /**
   * ?1 min days, ?2 min confidence, ?3 tenant (* every tenant). Proposes (PENDING) what qualifies.
   */
  static final String PROPOSE_MEMORIES =
      """
      with watched as (
        select m.id as memory_id, m.tenant
        from memories m
        where m.status = 'ACTIVE' and not m.canonical and m.confidence >= ?2
          and (?3 = '*' or m.tenant = ?3)
          and m.category in ('PROFILE', 'KNOWLEDGE')
          and not exists (select 1 from promotions p where p.tenant = m.tenant
                          and p.target_type = 'memory' and p.target_id = m.id)
          and not exists (select 1 from facts f where f.tenant = m.tenant
                          and f.source_memory_ids @> array[m.id] and f.status = 'ACTIVE'
                          and f.invalidated_at is null)
      ),
      """
          + SIGHTINGS
          + """
      , seen as (
        select memory_id, count(distinct day) as days,
               count(distinct coalesce(session, 'day:' || day)) as sessions,
               min(day) as first_seen, max(day) as last_seen
        from sighting group by memory_id
      )
      insert into promotions (tenant, target_type, target_id, kind, status, text, confidence,
                              days, sessions, first_seen, last_seen, created_at, version)
      select m.tenant, 'memory', m.id,
             case m.category when 'PROFILE' then 'IDENTITY' else 'CANONICAL' end,
             'PENDING', m.text, m.confidence, s.days, s.sessions, s.first_seen, s.last_seen,
             now(), 1
      from seen s join memories m on m.id = s.memory_id
      where s.days >= ?1 and s.sessions >= 2
      on conflict (tenant, target_type, target_id) do nothing
      """;

  /**
   * ?1 min days, ?2 min confidence, ?3 tenant (* every tenant). Current facts; IDENTITY when one of
   * its memories is PROFILE.
   */
  static final String PROPOSE_FACTS =
      """
      with candidates as (
        select f.id as fact_id, f.tenant, f.source_memory_ids
        from facts f
        where f.status = 'ACTIVE' and f.invalidated_at is null and not f.canonical
          and (?3 = '*' or f.tenant = ?3)
          and f.confidence >= ?2 and cardinality(f.source_memory_ids) > 0
          and not exists (select 1 from promotions p where p.tenant = f.tenant
                          and p.target_type = 'fact' and p.target_id = f.id)
      ),
      watched as (
        select distinct s.id as memory_id, c.tenant
        from candidates c cross join unnest(c.source_memory_ids) as s(id)
      ),
      """
          + SIGHTINGS
          + """
      , seen as (
        select c.fact_id, count(distinct x.day) as days,
               count(distinct coalesce(x.session, 'day:' || x.day)) as sessions,
               min(x.day) as first_seen, max(x.day) as last_seen
        from candidates c cross join unnest(c.source_memory_ids) as s(id)
        join sighting x on x.memory_id = s.id
        group by c.fact_id
      )
      insert into promotions (tenant, target_type, target_id, kind, status, text, confidence,
                              days, sessions, first_seen, last_seen, created_at, version)
      select f.tenant, 'fact', f.id,
             case when exists (select 1 from memories m where m.tenant = f.tenant
                               and m.id = any(f.source_memory_ids) and m.category = 'PROFILE')
                  then 'IDENTITY' else 'CANONICAL' end,
             'PENDING', f.subject || ' ' || replace(f.predicate, '_', ' ') || ' ' || f.object,
             f.confidence, s.days, s.sessions, s.first_seen, s.last_seen, now(), 1
      from seen s join facts f on f.id = s.fact_id
      where s.days >= ?1 and s.sessions >= 2
      on conflict (tenant, target_type, target_id) do nothing
      """;

  /**
   * ?1 tenant, ?2 fact id. Marks a current fact canonical (the version moves, so a merge import
   * carries it); 0 rows when the fact is no longer current.
   */
  static final String CANONICAL_FACT =
      """
      update facts set canonical = true, version = version + 1, updated_at = now()
      where tenant = ?1 and id = ?2 and status = 'ACTIVE' and invalidated_at is null
      """;

  /** ?1 tenant, ?2 fact id. The memories a fact was drawn from. */
  static final String FACT_SOURCES =
      "select unnest(source_memory_ids) from facts where tenant = ?1 and id = ?2";

  /**
   * ?1 tenant, ?2 agent, ?3 chat (may be null). ACTIVE canonical memories the agent may see,
   * PROFILE first, then by confidence.
   */
  static final String VISIBLE_CANONICAL =
      """
      select id, category, text from memories
      where tenant = ?1 and canonical and status = 'ACTIVE'
        and (expires_at is null or expires_at > now())
        and (scope = 'GLOBAL' or (scope = 'AGENT' and agent = ?2)
             or (scope = 'CHAT' and agent = ?2 and chat = ?3))
      order by case category when 'PROFILE' then 0 else 1 end, confidence desc, id
      limit 100
      """;
}
