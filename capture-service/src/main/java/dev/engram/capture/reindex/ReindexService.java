package dev.engram.capture.reindex;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Rebuilds a tenant's index from the record: one transaction enqueues a reset followed by an upsert
 * of every memory and exchange. Because it is ordinary outbox traffic, writes made during the
 * rebuild are delivered after it and nothing is lost or resurrected.
 */
@ApplicationScoped
public class ReindexService {

  private static final String RESET =
      "insert into outbox (tenant, event_type, aggregate_type, version, created_at)"
          + " values (:tenant, 'RESET', 'TENANT', 0, now())";
  private static final String MEMORIES =
      "insert into outbox (tenant, event_type, aggregate_type, aggregate_id, version, created_at)"
          + " select tenant, 'UPSERT', 'MEMORY', id, 0, now() from memories"
          + " where tenant = :tenant and status <> 'QUARANTINED' order by id";
  private static final String EXCHANGES =
      "insert into outbox (tenant, event_type, aggregate_type, aggregate_id, version, created_at)"
          + " select tenant, 'UPSERT', 'EXCHANGE', id, 0, now() from exchanges"
          + " where tenant = :tenant order by id";

  /** What a reindex enqueued. */
  public record Enqueued(String tenant, int memories, int exchanges) {}

  @WithTransaction
  Uni<Enqueued> reindex(String tenant) {
    return Panache.getSession()
        .chain(
            session ->
                run(session, RESET, tenant)
                    .chain(() -> run(session, MEMORIES, tenant))
                    .chain(
                        memories ->
                            run(session, EXCHANGES, tenant)
                                .map(exchanges -> new Enqueued(tenant, memories, exchanges))));
  }

  private static Uni<Integer> run(Mutiny.Session session, String sql, String tenant) {
    return session.createNativeQuery(sql).setParameter("tenant", tenant).executeUpdate();
  }
}
