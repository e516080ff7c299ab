package dev.engram.capture.memory;

import dev.engram.capture.db.Where;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** The queries over {@code memories} that other packages share; the entity keeps its fields. */
@ApplicationScoped
public class MemoryRepository implements PanacheRepositoryBase<Memory, Long> {

  /**
   * Where the ACTIVE capacity is counted, and how the memories beyond it are chosen: the least
   * confident, then least recently seen, go first; canonical ones (a human approved them) last.
   */
  public enum Capacity {
    PER_CHAT(
        "chat",
        "select id from (select id, row_number() over (partition by agent, chat order by"
            + " canonical desc, confidence desc, last_seen_at desc, id desc) rn from memories where tenant = ?1 and"
            + " status = 'ACTIVE' and scope = 'CHAT') ranked where rn > ?2 limit ?3"),
    PER_AGENT(
        "agent",
        "select id from (select id, row_number() over (partition by agent order by canonical"
            + " desc, confidence desc, last_seen_at desc, id desc) rn from memories where tenant = ?1 and status ="
            + " 'ACTIVE' and agent is not null) ranked where rn > ?2 limit ?3"),
    PER_TENANT(
        "tenant",
        "select id from (select id, row_number() over (order by canonical desc, confidence"
            + " desc, last_seen_at desc, id desc) rn from memories where tenant = ?1 and status = 'ACTIVE') ranked"
            + " where rn > ?2 limit ?3");

    private final String noun;
    private final String sql;

    Capacity(String noun, String sql) {
      this.noun = noun;
      this.sql = sql;
    }

    /** What the capacity is per, as a reason names it. */
    public String noun() {
      return noun;
    }
  }

  /** Ids of up to {@code max} ACTIVE memories beyond {@code limit} per {@code per}. */
  public Uni<List<Long>> overCapacity(String tenant, Capacity per, int limit, int max) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(per.sql, Long.class)
                    .setParameter(1, tenant)
                    .setParameter(2, limit)
                    .setParameter(3, max)
                    .getResultList());
  }

  /** An ACTIVE commitment memory: its text and due date (ISO, or null). */
  public record Commitment(String text, String due) {}

  /** The session's ACTIVE commitment memories, oldest first. */
  public Uni<List<Commitment>> commitments(String tenant, String agent, String session) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select text, metadata ->> 'due' from memories where tenant = ?1 and agent"
                            + " = ?2 and session = ?3 and status = 'ACTIVE' and metadata ->> 'kind'"
                            + " = 'commitment' order by id",
                        Object[].class)
                    .setParameter(1, tenant)
                    .setParameter(2, agent)
                    .setParameter(3, session)
                    .getResultList())
        .map(rows -> rows.stream().map(r -> new Commitment((String) r[0], (String) r[1])).toList());
  }

  /** These memories, any tenant or status (callers already hold the ids of one tenant). */
  public Uni<List<Memory>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }

  /** One memory of the tenant, or null. */
  public Uni<Memory> inTenant(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant).firstResult();
  }

  /**
   * One memory of the tenant, or null, locked until the transaction ends: its writers take turns,
   * so the second of two racing writes sees the first one's outcome (a deleted memory is not found,
   * a superseded one is not active) instead of failing at the flush on a stale row.
   */
  public Uni<Memory> lockedInTenant(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .firstResult();
  }

  /**
   * One memory of the tenant, or null, that cannot be deleted or changed until the transaction
   * ends; other readers holding the same share are not held up.
   */
  public Uni<Memory> sharedInTenant(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant)
        .withLock(LockModeType.PESSIMISTIC_READ)
        .firstResult();
  }

  /** One memory of the tenant in this status, or null. */
  public Uni<Memory> inTenant(String tenant, long id, MemoryStatus status) {
    return find("id = ?1 and tenant = ?2 and status = ?3", id, tenant, status).firstResult();
  }

  /** The ACTIVE memories of the tenant among these ids, in no particular order. */
  public Uni<List<Memory>> activeAmong(String tenant, Collection<Long> ids) {
    return list("tenant = ?1 and status = ?2 and id in ?3", tenant, MemoryStatus.ACTIVE, ids);
  }

  /**
   * How many of these exchange ids name an exchange of the tenant. Here rather than in the exchange
   * package, which depends on this one (explicit memories); by entity name, no import.
   */
  Uni<Long> exchangesOfTenant(String tenant, Collection<Long> ids) {
    return getSession()
        .chain(
            s ->
                s.createSelectionQuery(
                        "select count(*) from Exchange where tenant = ?1 and id in ?2", Long.class)
                    .setParameter(1, tenant)
                    .setParameter(2, ids)
                    .getSingleResult());
  }

  /** A page of a listing, newest first (filter.status() ACTIVE unless the filter names one). */
  Uni<List<Memory>> page(String tenant, MemoryFilter filter) {
    Where where =
        Where.of("tenant = :tenant", "tenant", tenant)
            .and(
                "status = :status",
                "status",
                filter.status() == null ? MemoryStatus.ACTIVE : filter.status())
            .equal("agent", filter.agent())
            .equal("chat", filter.chat())
            .equal("scope", filter.scope())
            .equal("category", filter.category())
            .equal("source", filter.source())
            .equal("mode", filter.mode())
            .andIf(filter.beforeId(), "id < :beforeId", "beforeId")
            .andIf(filter.minConfidence(), "confidence >= :minConfidence", "minConfidence")
            .andIf(
                filter.unexpired() ? Instant.now() : null,
                "(expiresAt is null or expiresAt > :now)",
                "now");
    Sort order =
        filter.recent()
            ? Sort.descending("updatedAt").and("id", Sort.Direction.Descending)
            : Sort.descending("id");
    return find(where.clause(), order, where.params()).page(0, filter.limit()).list();
  }

  /**
   * Content hashes of the tenant's knowledge priors that are not ARCHIVED (what re-importing leaves
   * alone).
   */
  public Uni<List<String>> priorHashes(String tenant) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select content_sha256 from memories where tenant = ?1 and source ="
                            + " 'knowledge_prior' and status <> 'ARCHIVED'",
                        String.class)
                    .setParameter(1, tenant)
                    .getResultList());
  }

  /** The tenant's ACTIVE knowledge priors imported from this file. */
  public Uni<List<Memory>> activePriorsOf(String tenant, String file) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select id from memories where tenant = ?1 and source = 'knowledge_prior'"
                            + " and status = 'ACTIVE' and metadata ->> 'prior_file' = ?2",
                        Long.class)
                    .setParameter(1, tenant)
                    .setParameter(2, file)
                    .getResultList())
        .chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<Memory>of()) : byIds(ids));
  }

  /**
   * ACTIVE memories of these sources neither seen nor used since {@code unseenSince}, not decayed
   * since {@code decayedBefore}, least recently seen first. Canonical memories never decay: a human
   * approved them.
   */
  public Uni<List<Memory>> decayable(
      String tenant,
      Collection<String> sources,
      Instant unseenSince,
      Instant decayedBefore,
      int limit) {
    return find(
            "tenant = ?1 and status = ?2 and source in ?3 and lastSeenAt < ?4"
                + " and (lastUsed is null or lastUsed < ?4)"
                + " and (decayedAt is null or decayedAt < ?5) and canonical = false"
                + " order by lastSeenAt",
            tenant,
            MemoryStatus.ACTIVE,
            sources,
            unseenSince,
            decayedBefore)
        .page(0, limit)
        .list();
  }

  /** An ACTIVE memory visible from (agent, chat) with exactly this text, most recently seen. */
  public Uni<Memory> activeWithText(String tenant, String agent, String chat, String sha) {
    Parameters params = visibleParams(tenant, agent, chat).and("sha", sha);
    return find(
            "tenant = :tenant and status = :status and contentSha256 = :sha" + visible(agent, chat),
            Sort.descending("lastSeenAt"),
            params)
        .firstResult();
  }

  /** The most recently seen ACTIVE memories visible from (agent, chat). */
  public Uni<List<Memory>> recentActive(String tenant, String agent, String chat, int limit) {
    return find(
            "tenant = :tenant and status = :status" + visible(agent, chat),
            Sort.descending("lastSeenAt"),
            visibleParams(tenant, agent, chat))
        .page(0, limit)
        .list();
  }

  private static Parameters visibleParams(String tenant, String agent, String chat) {
    Parameters p = Parameters.with("tenant", tenant).and("status", MemoryStatus.ACTIVE);
    if (agent != null) {
      p.and("agent", agent);
    }
    if (chat != null) {
      p.and("chat", chat);
    }
    return p;
  }

  /** The chat's memories and the agent's own (AGENT scope); without an agent, tenant-wide ones. */
  private static String visible(String agent, String chat) {
    if (agent == null) {
      return " and agent is null";
    }
    return chat == null
        ? " and agent = :agent and chat is null"
        : " and agent = :agent and (chat = :chat or chat is null)";
  }
}
