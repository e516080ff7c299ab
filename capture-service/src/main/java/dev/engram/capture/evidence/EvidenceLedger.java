package dev.engram.capture.evidence;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.outbox.Outbox;
import dev.engram.capture.outbox.OutboxEvent.AggregateType;
import io.quarkus.hibernate.reactive.panache.Panache;
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
public class EvidenceLedger {

  /** Support: a repeat confirms the statement. */
  public static final double SUPPORT = 1.0;

  /** Negative evidence: the statement was corrected or contradicted. */
  public static final double AGAINST = 0.0;

  /**
   * Longest statement graph-service accepts (its contract): a longer one would fail the whole batch
   * it travels in, so the statement is its memory's text cut to this many characters.
   */
  static final int MAX_STATEMENT_CHARS = 1000;

  private final EvidenceRepository rows;
  private final Outbox outbox;
  private final boolean enabled;

  EvidenceLedger(EvidenceRepository rows, Outbox outbox, CaptureConfig config) {
    this.rows = rows;
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
      List<Long> memoryIds) {

    /** {@code m} was seen again (a dedup touch), its version already final. */
    public static Draft repeated(Memory m) {
      return new Draft(
          m.tenant,
          "m" + m.id + "-touch-v" + m.version,
          m.id,
          m.text,
          SUPPORT,
          m.confidence,
          EvidenceSource.DEDUP,
          List.of(m.id));
    }

    /** A newer memory says the same as {@code older}. */
    public static Draft supported(Memory older, Memory newer) {
      return new Draft(
          older.tenant,
          "m" + older.id + "-supported-by-m" + newer.id,
          older.id,
          older.text,
          SUPPORT,
          newer.confidence,
          EvidenceSource.DEDUP,
          List.of(older.id, newer.id));
    }

    /** {@code by} corrected or superseded {@code old}. */
    public static Draft corrected(Memory old, Memory by) {
      return new Draft(
          old.tenant,
          "m" + old.id + "-corrected-by-m" + by.id,
          old.id,
          old.text,
          AGAINST,
          by.confidence,
          EvidenceSource.CORRECTION,
          List.of(old.id, by.id));
    }

    /** Someone linked {@code from} CONTRADICTS {@code to} with this weight. */
    public static Draft contradicted(Memory to, Memory from, double weight) {
      return new Draft(
          to.tenant,
          "m" + to.id + "-contradicted-by-m" + from.id,
          to.id,
          to.text,
          AGAINST,
          weight * from.confidence,
          EvidenceSource.CONTRADICTION,
          List.of(to.id, from.id));
    }
  }

  /** Records it unless its key is already recorded. */
  public Uni<Void> record(Draft d) {
    if (!enabled) {
      return Uni.createFrom().voidItem();
    }
    return rows.withKey(d.tenant(), d.key())
        .chain(
            existing -> {
              if (existing != null) {
                return Uni.createFrom().voidItem();
              }
              BeliefEvidence e = new BeliefEvidence();
              e.tenant = d.tenant();
              e.evidenceKey = d.key();
              e.memoryId = d.memoryId();
              e.statement = statement(d.statement());
              e.strength = d.strength();
              e.confidence = Math.max(0, Math.min(1, d.confidence()));
              e.source = d.source().wire();
              e.memoryIds = d.memoryIds().toArray(Long[]::new);
              e.recordedAt = Instant.now();
              return rows.persist(e)
                  .chain(Panache::flush)
                  .chain(() -> outbox.upsert(e.tenant, AggregateType.EVIDENCE, e.id));
            });
  }

  private static String statement(String text) {
    if (text.length() <= MAX_STATEMENT_CHARS) {
      return text;
    }
    int end = MAX_STATEMENT_CHARS;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // never half a character
    }
    return text.substring(0, end);
  }

  /** These rows, any tenant (callers already hold the ids of one tenant). */
  public Uni<List<BeliefEvidence>> byIds(Collection<Long> ids) {
    return rows.byIds(ids);
  }
}
