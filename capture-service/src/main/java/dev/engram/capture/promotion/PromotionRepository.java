package dev.engram.capture.promotion;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;

/** The {@code promotions} table, the candidate pass and the canonical flags it sets. */
@ApplicationScoped
class PromotionRepository implements PanacheRepositoryBase<Promotion, Long> {

  /** A page of the tenant's promotions, newest first, optionally in one status. */
  Uni<List<Promotion>> page(String tenant, PromotionStatus status, Long before, int size) {
    StringBuilder where = new StringBuilder("tenant = :tenant");
    Parameters params = Parameters.with("tenant", tenant);
    if (status != null) {
      where.append(" and status = :status");
      params.and("status", status);
    }
    if (before != null) {
      where.append(" and id < :before");
      params.and("before", before);
    }
    return find(where.toString(), Sort.descending("id"), params).page(0, size).list();
  }

  /** The tenant's promotion, locked until the transaction ends: two decisions take turns. */
  Uni<Promotion> lockedInTenant(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant)
        .withLock(LockModeType.PESSIMISTIC_WRITE)
        .firstResult();
  }

  /** PENDING promotions of these tenants, oldest first. */
  Uni<List<Promotion>> pending(Collection<String> tenants) {
    return list(
        "tenant in ?1 and status = ?2", Sort.ascending("id"), tenants, PromotionStatus.PENDING);
  }

  /**
   * Proposes every memory and fact of the tenant ({@code *}: of every tenant) that qualifies; how
   * many were proposed.
   */
  Uni<Integer> propose(String tenant, int minDays, double minConfidence) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(PromotionQueries.PROPOSE_MEMORIES)
                    .setParameter(1, minDays)
                    .setParameter(2, minConfidence)
                    .setParameter(3, tenant)
                    .executeUpdate()
                    .chain(
                        memories ->
                            s.createNativeQuery(PromotionQueries.PROPOSE_FACTS)
                                .setParameter(1, minDays)
                                .setParameter(2, minConfidence)
                                .setParameter(3, tenant)
                                .executeUpdate()
                                .map(facts -> memories + facts)));
  }

  /** Marks a current fact canonical; false when it is no longer current. */
  Uni<Boolean> canonicalFact(String tenant, long factId) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(PromotionQueries.CANONICAL_FACT)
                    .setParameter(1, tenant)
                    .setParameter(2, factId)
                    .executeUpdate())
        .map(n -> n > 0);
  }

  /** The memories a fact was drawn from. */
  Uni<List<Long>> factSources(String tenant, long factId) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(PromotionQueries.FACT_SOURCES, Long.class)
                    .setParameter(1, tenant)
                    .setParameter(2, factId)
                    .getResultList());
  }

  /** Canonical memories an agent (in a chat, or none) may be shown. */
  Uni<List<PromotionRequests.CanonicalMemory>> visibleCanonical(
      String tenant, String agent, String chat) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(PromotionQueries.VISIBLE_CANONICAL, Object[].class)
                    .setParameter(1, tenant)
                    .setParameter(2, agent)
                    // A chat id is never empty, so "" matches no CHAT memory (null cannot bind).
                    .setParameter(3, chat == null ? "" : chat)
                    .getResultList())
        .map(
            rows ->
                rows.stream()
                    .map(
                        r ->
                            new PromotionRequests.CanonicalMemory(
                                ((Number) r[0]).longValue(), (String) r[1], (String) r[2]))
                    .toList());
  }
}
