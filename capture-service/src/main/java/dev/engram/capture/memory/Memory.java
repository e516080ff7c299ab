package dev.engram.capture.memory;

import dev.engram.common.Sha256;
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
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A long-term memory (table {@code memories}). Changes are audited and projected via the outbox.
 */
@Entity
@Table(name = "memories")
public class Memory extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "memory_ids")
  @SequenceGenerator(name = "memory_ids", sequenceName = "memory_id_seq", allocationSize = 50)
  public Long id;

  public String tenant;
  public String agent;
  public String chat;
  public String thread;
  public String session;

  @Enumerated(EnumType.STRING)
  public MemoryScope scope;

  @Enumerated(EnumType.STRING)
  public MemoryCategory category;

  public String text;
  public String contentSha256;
  public double confidence;
  public String source;

  @JdbcTypeCode(SqlTypes.JSON)
  public Provenance provenance;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, String> metadata;

  @Enumerated(EnumType.STRING)
  public MemoryStatus status;

  public String statusReason;
  public Long supersedes;
  public Long supersededBy;
  public Instant expiresAt;
  public Instant createdAt;
  public Instant updatedAt;
  public Instant archivedAt;
  public Instant supersededAt;
  public Instant lastSeenAt;

  /** When confidence decay last ran over it (null: not since it was last seen). */
  public Instant decayedAt;

  public String createdBy;

  /** The mode it belongs to (work, personal, ...); null: untagged, seen from every mode. */
  public String mode;

  /**
   * Usage: written only by {@link dev.engram.capture.usage.SurfacedCounts} in one SQL statement,
   * never by an entity update, so an edit that loaded the row earlier cannot undo a count.
   */
  @Column(insertable = false, updatable = false)
  public long timesSurfaced;

  @Column(insertable = false, updatable = false)
  public Instant lastSurfaced;

  /** When a context pack last gave it to an agent; decay counts that as seen. */
  @Column(insertable = false, updatable = false)
  public Instant lastUsed;

  /** When it was last seen in conversation or used in a context pack, whichever is later. */
  public Instant seenOrUsedAt() {
    return lastUsed != null && lastUsed.isAfter(lastSeenAt) ? lastUsed : lastSeenAt;
  }

  /**
   * Promoted through the gate (promotion/): shown first as identity, superseded but never deleted.
   */
  public boolean canonical;

  /** Starts at 1 and grows with every change (Hibernate keeps an initial value that is >= 0). */
  @Version public long version = 1;

  /** Whose a new memory is and where it was said: what a write copies from its context. */
  public record Place(
      String tenant,
      String agent,
      String chat,
      String thread,
      String session,
      MemoryScope scope,
      String mode) {

    /** The tenant's, said nowhere in particular (knowledge priors). */
    public static Place global(String tenant) {
      return new Place(tenant, null, null, null, null, MemoryScope.GLOBAL, null);
    }

    /** Where {@code m} is (its successor stays there). */
    public static Place of(Memory m) {
      return new Place(m.tenant, m.agent, m.chat, m.thread, m.session, m.scope, m.mode);
    }
  }

  /**
   * A new, unsaved ACTIVE memory written by {@code createdBy}: created, changed and seen {@code
   * now}, its content hash taken from the text. Provenance, metadata, expiry and links are the
   * caller's to set.
   */
  public static Memory create(
      Place place,
      MemoryCategory category,
      String text,
      double confidence,
      String source,
      String createdBy,
      Instant now) {
    Memory m = new Memory();
    m.tenant = place.tenant();
    m.agent = place.agent();
    m.chat = place.chat();
    m.thread = place.thread();
    m.session = place.session();
    m.scope = place.scope();
    m.mode = place.mode();
    m.category = category;
    m.text = text;
    m.contentSha256 = Sha256.hex(text);
    m.confidence = confidence;
    m.source = source;
    m.status = MemoryStatus.ACTIVE;
    m.createdBy = createdBy;
    m.createdAt = now;
    m.updatedAt = now;
    m.lastSeenAt = now;
    return m;
  }

  /** Holds it back: QUARANTINED with the gate's reason, never projected until released. */
  public void quarantine(String reason) {
    status = MemoryStatus.QUARANTINED;
    statusReason = reason;
  }
}
