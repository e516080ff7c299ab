package dev.engram.capture.evidence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * One piece of evidence about a memory's statement (table {@code belief_evidence}), kept so the
 * outbox can project it to graph-service's beliefs; {@code evidenceKey} is its stable id there.
 */
@Entity
@Table(name = "belief_evidence")
public class BeliefEvidence extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "belief_evidence_ids")
  @SequenceGenerator(
      name = "belief_evidence_ids",
      sequenceName = "belief_evidence_id_seq",
      allocationSize = 50)
  public Long id;

  public String tenant;
  public String evidenceKey;

  /** The memory whose statement this is evidence about. */
  public long memoryId;

  public String statement;
  public double strength;
  public double confidence;
  public String source;

  @JdbcTypeCode(SqlTypes.ARRAY)
  public Long[] memoryIds;

  public Instant recordedAt;

  /** {@link #memoryIds} as a list. */
  public List<Long> memories() {
    return memoryIds == null ? List.of() : List.of(memoryIds);
  }
}
