package dev.engram.capture.fact;

import dev.engram.capture.db.Where;
import dev.engram.capture.memory.MemoryScope;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** The queries over {@code facts}. */
@ApplicationScoped
public class FactRepository implements PanacheRepositoryBase<Fact, Long> {

  /** These rows, any tenant or status (callers already hold the ids of one tenant). */
  public Uni<List<Fact>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }

  /** The current ACTIVE facts with this subject and predicate in one scope, newest valid first. */
  Uni<List<Fact>> current(
      String tenant,
      MemoryScope scope,
      String agent,
      String chat,
      String subjectKey,
      String predicate) {
    Parameters params =
        Parameters.with("tenant", tenant)
            .and("subject", subjectKey)
            .and("predicate", predicate)
            .and("status", FactStatus.ACTIVE)
            .and("scope", scope);
    return list(
        "tenant = :tenant and subjectKey = :subject and predicate = :predicate"
            + " and invalidatedAt is null and status = :status and scope = :scope"
            + sameScope(agent, chat, params)
            + " order by validFrom desc, id desc",
        params);
  }

  /**
   * Current ACTIVE facts the functional rule makes older than {@code fresh}: same, other object.
   * Locked, so a racing invalidation or deletion of one of them waits instead of failing.
   */
  Uni<List<Fact>> contradictedBy(Fact fresh) {
    Parameters params =
        Parameters.with("tenant", fresh.tenant)
            .and("subject", fresh.subjectKey)
            .and("predicate", fresh.predicate)
            .and("status", FactStatus.ACTIVE)
            .and("id", fresh.id)
            .and("object", fresh.objectKey)
            .and("scope", fresh.scope);
    return find(
            "tenant = :tenant and subjectKey = :subject and predicate = :predicate"
                + " and invalidatedAt is null and status = :status and id <> :id"
                + " and objectKey <> :object and scope = :scope"
                + sameScope(fresh.agent, fresh.chat, params),
            params)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .list();
  }

  /**
   * Facts (any status) sourced from a memory, locked until the transaction ends: its callers change
   * them (the memory is deleted or released), so a racing invalidation waits instead of failing.
   */
  Uni<List<Fact>> sourcedFrom(String tenant, long memoryId) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select * from facts where tenant = ?1 and source_memory_ids @>"
                            + " array[cast(?2 as bigint)] order by id for update",
                        Fact.class)
                    .setParameter(1, tenant)
                    .setParameter(2, memoryId)
                    .getResultList());
  }

  /** One fact of the tenant, or null, locked until the transaction ends (it is being changed). */
  Uni<Fact> lockedInTenant(String tenant, long id) {
    return find("tenant = ?1 and id = ?2", tenant, id)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .firstResult();
  }

  /** A page of a tenant's facts, newest first. */
  Uni<List<Fact>> page(String tenant, FactFilter filter) {
    Where where =
        Where.of("tenant = :tenant", "tenant", tenant)
            .equal("agent", filter.agent())
            .equal("chat", filter.chat())
            .andIf(
                filter.subject() == null ? null : FactLedger.key(filter.subject()),
                "subjectKey = :subject",
                "subject")
            .andIf(
                filter.predicate() == null
                    ? null
                    : filter.predicate().strip().toLowerCase(Locale.ROOT),
                "predicate = :predicate",
                "predicate");
    if (filter.onlyCurrent()) {
      where.and("invalidatedAt is null and status = :active", "active", FactStatus.ACTIVE);
    }
    where.andIf(filter.status(), "status = :status", "status");
    where.andIf(filter.before(), "id < :before", "before");
    return find(where.clause(), Sort.descending("id"), where.params())
        .page(0, filter.size())
        .list();
  }

  /** " and agent = :agent and chat is null" and the like, adding the parameters it uses. */
  private static String sameScope(String agent, String chat, Parameters params) {
    StringBuilder where = new StringBuilder();
    if (agent == null) {
      where.append(" and agent is null");
    } else {
      where.append(" and agent = :agent");
      params.and("agent", agent);
    }
    if (chat == null) {
      where.append(" and chat is null");
    } else {
      where.append(" and chat = :chat");
      params.and("chat", chat);
    }
    return where.toString();
  }
}
