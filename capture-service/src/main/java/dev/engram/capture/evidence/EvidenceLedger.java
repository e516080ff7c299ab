package dev.engram.capture.evidence;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Records belief evidence inside the caller's transaction and enqueues it for graph-service. Once
 * per (tenant, key): the same key again (a retried write, a re-run) records nothing. Does nothing
 * when {@code engram.capture.beliefs.evidence-enabled} is false.
 */
@ApplicationScoped
public class EvidenceLedger implements PanacheRepositoryBase<BeliefEvidence, Long> {

  /** Support: a repeat confirms the statement. */
  public static final double SUPPORT = 1.0;

  /** Negative evidence: the statement was corrected or contradicted. */
  public static final double AGAINST = 0.0;

  private final Outbox outbox;
  private final boolean enabled;

  EvidenceLedger(Outbox outbox, CaptureConfig config) {
    this.outbox = outbox;
    this.enabled = config.beliefs().evidenceEnabled();
  }

  /** What to record: about {@code memoryId}'s {@code statement}, with every memory involved. */
  public record Draft(
      String tenant,
      String key,
      long memoryId,
      String statement,
      double strength,
      double confidence,
      EvidenceSource source,
      List<Long> memoryIds) {}

  /** Records it unless its key is already recorded. */
  public Uni<Void> record(Draft d) {
    if (!enabled) {
      return Uni.createFrom().voidItem();
    }
    return find("tenant = ?1 and evidenceKey = ?2", d.tenant(), d.key())
        .firstResult()
        .chain(
            existing -> {
              if (existing != null) {
                return Uni.createFrom().voidItem();
              }
              BeliefEvidence e = new BeliefEvidence();
              e.tenant = d.tenant();
              e.evidenceKey = d.key();
              e.memoryId = d.memoryId();
              e.statement = d.statement();
              e.strength = d.strength();
              e.confidence = Math.max(0, Math.min(1, d.confidence()));
              e.source = d.source().wire();
              e.memoryIds = d.memoryIds().toArray(Long[]::new);
              e.recordedAt = Instant.now();
              return persist(e)
                  .chain(Panache::flush)
                  .chain(() -> outbox.upsert(e.tenant, AggregateType.EVIDENCE, e.id));
            });
  }

  /** These rows, any tenant (callers already hold the ids of one tenant). */
  public Uni<List<BeliefEvidence>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }
}
