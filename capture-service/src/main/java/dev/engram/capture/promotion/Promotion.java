package dev.engram.capture.promotion;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.LocalDate;

/**
 * A proposal to make a memory or fact canonical (table {@code promotions}), one per target ever.
 */
@Entity
@Table(name = "promotions")
public class Promotion extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;

  /** {@code memory} or {@code fact}. */
  public String targetType;

  public long targetId;

  @Enumerated(EnumType.STRING)
  public PromotionKind kind;

  @Enumerated(EnumType.STRING)
  public PromotionStatus status;

  /** The memory's text or the fact as a sentence, when it was proposed. */
  public String text;

  public double confidence;

  /** Distinct days it was seen on, and distinct sessions (a turn outside one counts per day). */
  public int days;

  public int sessions;
  public LocalDate firstSeen;
  public LocalDate lastSeen;
  public Instant createdAt;
  public Instant decidedAt;
  public String decidedBy;
  public String reason;

  @Version public long version = 1;
}
