package dev.engram.capture.outbox;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A projection event written in the same transaction as the change it describes (table outbox), one
 * row per target projection. Upserts carry no payload: the dispatcher sends the row as it is when
 * delivered, so a burst of changes to one memory costs one index write of its latest state.
 */
@Entity
@Table(name = "outbox")
public class OutboxEvent extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;

  /** The projection this event is for; each has its own dispatcher. */
  @Enumerated(EnumType.STRING)
  public Target target;

  @Enumerated(EnumType.STRING)
  public EventType eventType;

  @Enumerated(EnumType.STRING)
  public AggregateType aggregateType;

  public Long aggregateId;

  /** The aggregate's version when it was deleted (deletes only; the row is gone by delivery). */
  public long version;

  public Instant createdAt;

  /** The W3C traceparent of the write that enqueued it; null when tracing is off. */
  public String traceparent;

  public int attempts;
  public String lastError;
  public Instant lastAttemptAt;
  public Instant deadAt;

  /** What happened. */
  public enum EventType {
    UPSERT,
    DELETE,
    RESET
  }

  /** What it happened to. */
  public enum AggregateType {
    MEMORY,
    EXCHANGE,
    FACT,
    RELATION,
    TENANT,
    /** Belief evidence (graph only). */
    EVIDENCE
  }

  /** Where it goes: recall-service's index or graph-service's graph. */
  public enum Target {
    RECALL,
    GRAPH;

    /** The lower-case name used in metrics, readiness and the reindex API. */
    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
