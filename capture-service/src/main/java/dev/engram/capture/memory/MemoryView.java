package dev.engram.capture.memory;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import java.time.Instant;
import java.util.Map;

/**
 * A memory as clients see it; {@code times_surfaced}, {@code last_surfaced} and {@code last_used}
 * are its usage by recall and context (see the README).
 */
public record MemoryView(
    long id,
    String agent,
    String chat,
    String thread,
    String session,
    MemoryScope scope,
    MemoryCategory category,
    String text,
    double confidence,
    String source,
    Provenance provenance,
    Map<String, String> metadata,
    MemoryStatus status,
    String statusReason,
    Long supersedes,
    Long supersededBy,
    Instant expiresAt,
    Instant createdAt,
    Instant updatedAt,
    Instant archivedAt,
    Instant supersededAt,
    Instant lastSeenAt,
    String contentSha256,
    long version,
    String mode,
    long timesSurfaced,
    Instant lastSurfaced,
    Instant lastUsed,
    boolean canonical) {

  /** The view of a row. */
  public static MemoryView of(Memory m) {
    return of(m, true);
  }

  /**
   * The view of a row for this reader: what the poisoning gate held back (text and metadata of a
   * QUARANTINED memory) is shown to admin keys only, as the quarantine list is; others still see
   * that it exists, its status and reason, as the answer to their write told them.
   */
  public static MemoryView of(Memory m, Caller reader) {
    return of(m, m.status != MemoryStatus.QUARANTINED || reader.has(Roles.ADMIN));
  }

  private static MemoryView of(Memory m, boolean content) {
    return new MemoryView(
        m.id,
        m.agent,
        m.chat,
        m.thread,
        m.session,
        m.scope,
        m.category,
        content ? m.text : null,
        m.confidence,
        m.source,
        m.provenance,
        content ? m.metadata : null,
        m.status,
        m.statusReason,
        m.supersedes,
        m.supersededBy,
        m.expiresAt,
        m.createdAt,
        m.updatedAt,
        m.archivedAt,
        m.supersededAt,
        m.lastSeenAt,
        m.contentSha256,
        m.version,
        m.mode,
        m.timesSurfaced,
        m.lastSurfaced,
        m.lastUsed,
        m.canonical);
  }
}
