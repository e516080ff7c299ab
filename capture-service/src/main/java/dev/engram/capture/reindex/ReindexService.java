package dev.engram.capture.reindex;

import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.capture.outbox.OutboxSignal;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Rebuilds a tenant's projections (the recall index, the graph, or both) from the record: one
 * transaction enqueues, per projection, a reset followed by an upsert of every row it holds.
 * Because it is ordinary outbox traffic, writes made during the rebuild are delivered after it and
 * nothing is lost or resurrected. Quarantined rows are never projected.
 */
@ApplicationScoped
public class ReindexService {

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

  private final OutboxSignal signal;

  ReindexService(OutboxSignal signal) {
    this.signal = signal;
  }

  /** What a reindex enqueued, per projection. */
  public record Enqueued(
      String tenant, List<String> targets, int memories, int exchanges, int facts, int relations) {}

  /** Every tenant that has rows the projections hold. */
  @WithSession
  Uni<List<String>> tenants() {
    return Panache.getSession()
        .chain(session -> session.createNativeQuery(TENANTS, String.class).getResultList());
  }

  @WithTransaction
  Uni<Enqueued> reindex(String tenant, List<Target> targets) {
    signal.enqueued();
    return Panache.getSession()
        .chain(
            session -> {
              Uni<Enqueued> result =
                  Uni.createFrom()
                      .item(
                          new Enqueued(
                              tenant, targets.stream().map(Target::wire).toList(), 0, 0, 0, 0));
              for (Target target : targets) {
                result = result.chain(sofar -> enqueue(session, tenant, target, sofar));
              }
              return result;
            });
  }

  private static Uni<Enqueued> enqueue(
      Mutiny.Session session, String tenant, Target target, Enqueued sofar) {
    boolean graph = target == Target.GRAPH;
    return run(session, RESET, tenant, target)
        .chain(() -> run(session, MEMORIES, tenant, target))
        .chain(
            memories ->
                run(session, EXCHANGES, tenant, target)
                    .chain(
                        exchanges ->
                            (graph ? run(session, FACTS, tenant, target) : Uni.createFrom().item(0))
                                .chain(
                                    facts ->
                                        (graph
                                                ? run(session, RELATIONS, tenant, target)
                                                : Uni.createFrom().item(0))
                                            .map(
                                                relations ->
                                                    new Enqueued(
                                                        tenant,
                                                        sofar.targets(),
                                                        memories,
                                                        exchanges,
                                                        Math.max(facts, sofar.facts()),
                                                        Math.max(relations, sofar.relations()))))));
  }

  private static Uni<Integer> run(
      Mutiny.Session session, String sql, String tenant, Target target) {
    return session
        .createNativeQuery(sql)
        .setParameter("tenant", tenant)
        .setParameter("target", target.name())
        .executeUpdate();
  }
}
