package dev.engram.capture.fact;

import dev.engram.capture.memory.MemoryScope;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A bi-temporal triple (table {@code facts}): world time (valid_from/valid_to) and system time
 * (recorded_at/invalidated_at). Invalidated, never deleted, unless its source memories are.
 */
@Entity
@Table(name = "facts")
public class Fact extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "fact_ids")
  @SequenceGenerator(name = "fact_ids", sequenceName = "fact_id_seq", allocationSize = 50)
  public Long id;

  public String tenant;
  public String agent;
  public String chat;

  @Enumerated(EnumType.STRING)
  public MemoryScope scope;

  public String subject;

  /** Lower-cased subject, for matching. */
  public String subjectKey;

  public String predicate;

  /** "object" is a JPQL keyword, hence the field name. */
  @Column(name = "object")
  public String objectValue;

  /** Lower-cased object, for matching. */
  public String objectKey;

  public Instant validFrom;
  public Instant validTo;
  public Instant recordedAt;
  public Instant invalidatedAt;
  public double confidence;

  /**
   * The memories this fact was derived from (a PostgreSQL array: the reactive JSON type only binds
   * objects).
   */
  @JdbcTypeCode(SqlTypes.ARRAY)
  public Long[] sourceMemoryIds;

  /** {@link #sourceMemoryIds} as a list. */
  public List<Long> sources() {
    return sourceMemoryIds == null ? List.of() : List.of(sourceMemoryIds);
  }

  @Enumerated(EnumType.STRING)
  public FactStatus status;

  public Long supersededBy;
  public String createdBy;
  public Instant updatedAt;

  /**
   * Promoted through the gate (promotion/ sets it). Mapped so that native {@code select *} queries
   * of this entity read every column of the table.
   */
  public boolean canonical;

  /** Starts at 1 and grows with every change. */
  @Version public long version = 1;
}
