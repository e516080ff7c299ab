package dev.engram.capture.reindex;

import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.capture.outbox.OutboxSignal;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Rebuilds a tenant's projections (the recall index, the graph, or both) from the record: one
 * transaction enqueues, per projection, a reset followed by an upsert of every row it holds.
 * Because it is ordinary outbox traffic, writes made during the rebuild are delivered after it and
 * nothing is lost or resurrected. Quarantined rows are never projected.
 */
@ApplicationScoped
public class ReindexService {

  private final OutboxSignal signal;
  private final ReindexQueries queries;

  ReindexService(OutboxSignal signal, ReindexQueries queries) {
    this.signal = signal;
    this.queries = queries;
  }

  /** What a reindex enqueued, per projection. */
  public record Enqueued(
      String tenant, List<String> targets, int memories, int exchanges, int facts, int relations) {}

  /** Every tenant that has rows the projections hold. */
  @WithSession
  Uni<List<String>> tenants() {
    return queries.tenantsWithRows();
  }

  @WithTransaction
  Uni<Enqueued> reindex(String tenant, List<Target> targets) {
    signal.enqueued();
    Uni<Enqueued> result =
        Uni.createFrom()
            .item(new Enqueued(tenant, targets.stream().map(Target::wire).toList(), 0, 0, 0, 0));
    for (Target target : targets) {
      result = result.chain(sofar -> enqueue(tenant, target, sofar));
    }
    return result;
  }

  /** The reset, then the upserts: memories and exchanges for both; facts, relations for graph. */
  private Uni<Enqueued> enqueue(String tenant, Target target, Enqueued sofar) {
    boolean graph = target == Target.GRAPH;
    Uni<Integer> none = Uni.createFrom().item(0);
    return queries
        .enqueueReset(tenant, target)
        .chain(() -> queries.enqueueMemories(tenant, target))
        .chain(
            memories ->
                queries
                    .enqueueExchanges(tenant, target)
                    .chain(
                        exchanges ->
                            (graph ? queries.enqueueFacts(tenant, target) : none)
                                .chain(
                                    facts ->
                                        (graph ? queries.enqueueRelations(tenant, target) : none)
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
}
