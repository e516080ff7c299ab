package dev.engram.recall.index;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A memory or an exchange as the index holds it: what recall filters on and what it returns.
 * Identified by (tenant, kind, id); {@code version} orders updates of one document. {@code
 * archivedAt} / {@code supersededAt} say when a memory left ACTIVE (for {@code as_of}); {@code
 * source}, {@code sourceExchangeIds} and {@code metadata} are provenance, stored and returned but
 * never searched.
 */
public record IndexDocument(
    String tenant,
    DocKind kind,
    long id,
    long version,
    String agent,
    String chat,
    String thread,
    String session,
    Scope scope,
    String category,
    Status status,
    String speaker,
    String role,
    String text,
    Double confidence,
    Instant createdAt,
    Instant expiresAt,
    Instant archivedAt,
    Instant supersededAt,
    String source,
    List<Long> sourceExchangeIds,
    Map<String, String> metadata) {

  public IndexDocument {
    sourceExchangeIds = sourceExchangeIds == null ? List.of() : List.copyOf(sourceExchangeIds);
  }

  /** The (kind, id) that names this document inside its tenant. */
  public DocKey key() {
    return new DocKey(kind, id);
  }
}
