package dev.engram.capture.reindex;

import dev.engram.capture.outbox.OutboxEvent.Target;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The SQL of a rebuild: the tenants with projected rows, and the outbox events that reset a
 * projection and upsert every row it holds, each statement one {@code insert ... select} in the
 * caller's transaction. Quarantined rows are never projected.
 */
@ApplicationScoped
class ReindexQueries {

  private static final String INSERT =
      "insert into outbox (tenant, target, event_type, aggregate_type, aggregate_id, version,"
          + " created_at) ";
  private static final String RESET =
      INSERT + "values (:tenant, :target, 'RESET', 'TENANT', null, 0, now())";
  private static final String MEMORIES =
      INSERT
          + "select tenant, :target, 'UPSERT', 'MEMORY', id, 0, now() from memories"
          + " where tenant = :tenant and status <> 'QUARANTINED' order by id";
  private static final String EXCHANGES =
      INSERT
          + "select tenant, :target, 'UPSERT', 'EXCHANGE', id, 0, now() from exchanges"
          + " where tenant = :tenant and status <> 'QUARANTINED' order by id";
  private static final String FACTS =
      INSERT
          + "select tenant, :target, 'UPSERT', 'FACT', id, 0, now() from facts"
          + " where tenant = :tenant and status <> 'QUARANTINED' order by id";
  private static final String RELATIONS =
      INSERT
          + "select tenant, :target, 'UPSERT', 'RELATION', id, 0, now() from memory_relations"
          + " where tenant = :tenant order by id";

  private static final String TENANTS =
      "select tenant from exchanges union select tenant from memories"
          + " union select tenant from facts union select tenant from memory_relations"
          + " order by 1";

  /** Every tenant that has rows the projections hold. */
  Uni<List<String>> tenantsWithRows() {
    return Panache.getSession()
        .chain(s -> s.createNativeQuery(TENANTS, String.class).getResultList());
  }

  /** Enqueues the reset of the tenant's part of the projection. */
  Uni<Integer> enqueueReset(String tenant, Target target) {
    return enqueue(RESET, tenant, target);
  }

  /** Enqueues an upsert of each of the tenant's projected memories; answers how many. */
  Uni<Integer> enqueueMemories(String tenant, Target target) {
    return enqueue(MEMORIES, tenant, target);
  }

  /** Enqueues an upsert of each of the tenant's projected exchanges; answers how many. */
  Uni<Integer> enqueueExchanges(String tenant, Target target) {
    return enqueue(EXCHANGES, tenant, target);
  }

  /** Enqueues an upsert of each of the tenant's projected facts; answers how many. */
  Uni<Integer> enqueueFacts(String tenant, Target target) {
    return enqueue(FACTS, tenant, target);
  }

  /** Enqueues an upsert of each of the tenant's relations; answers how many. */
  Uni<Integer> enqueueRelations(String tenant, Target target) {
    return enqueue(RELATIONS, tenant, target);
  }

  private static Uni<Integer> enqueue(String sql, String tenant, Target target) {
    return Panache.getSession()
        .chain(
            s ->
                s.createNativeQuery(sql)
                    .setParameter("tenant", tenant)
                    .setParameter("target", target.name())
                    .executeUpdate());
  }
}
