package dev.engram.capture.slot;

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

/**
 * A small named document owned by the tenant, an agent, a chat, a session or a thread (table {@code
 * slots}).
 */
@Entity
@Table(name = "slots")
public class Slot extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;
  public String agent;

  @Enumerated(EnumType.STRING)
  public SlotOwner ownerType;

  public String ownerId;
  public String name;
  public String content;
  public String contentSha256;
  public int tokens;
  public Instant createdAt;
  public Instant updatedAt;
  public String updatedBy;

  /** ACTIVE, or QUARANTINED: kept for review, never served for context. */
  @Enumerated(EnumType.STRING)
  public SlotStatus status = SlotStatus.ACTIVE;

  /** Why it is quarantined. */
  public String statusReason;

  /** Starts at 1 and grows with every change (Hibernate keeps an initial value that is >= 0). */
  @Version public long version = 1;
}
