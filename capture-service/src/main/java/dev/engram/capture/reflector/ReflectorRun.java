package dev.engram.capture.reflector;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One Reflector run over one tenant (table {@code reflector_runs}). */
@Entity
@Table(name = "reflector_runs")
public class ReflectorRun extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;

  @Enumerated(EnumType.STRING)
  public Trigger trigger;

  @Enumerated(EnumType.STRING)
  public Status status;

  public String extractor;
  public Instant startedAt;
  public Instant finishedAt;
  public int chats;
  public int exchangesRead;
  public int extracted;
  public int inserted;
  public int touched;
  public int superseded;
  public int skipped;
  public int quarantined;
  public int archived;
  public int decayed;
  public int failedBatches;
  public String error;

  /** What started a run. */
  public enum Trigger {
    SCHEDULE,
    MANUAL,
    /** A session of the chat ended ({@code POST /v1/sessions/{id}/end}). */
    SESSION_END
  }

  /** How a run went: PARTIAL when some batches failed (they are retried by the next run). */
  public enum Status {
    RUNNING,
    SUCCEEDED,
    PARTIAL,
    FAILED
  }
}
