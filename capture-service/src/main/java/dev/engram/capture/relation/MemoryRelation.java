package dev.engram.capture.relation;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
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

/** A typed, weighted link from one memory to another (table {@code memory_relations}). */
@Entity
@Table(name = "memory_relations")
public class MemoryRelation extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "relation_ids")
  @SequenceGenerator(name = "relation_ids", sequenceName = "relation_id_seq", allocationSize = 50)
  public Long id;

  public String tenant;
  public long fromMemory;
  public long toMemory;

  @Enumerated(EnumType.STRING)
  public RelationType type;

  public double weight;
  public Instant createdAt;
  public String createdBy;

  /** Starts at 1 and grows with every change. */
  @Version public long version = 1;
}
