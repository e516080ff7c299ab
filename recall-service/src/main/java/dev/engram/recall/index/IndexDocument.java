package dev.engram.recall.index;

import java.time.Instant;
import java.util.Map;

/**
 * A memory or an exchange as the index holds it: what recall filters on and what it returns.
 * Identified by (tenant, kind, id); {@code version} orders updates of one document.
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
    Map<String, String> metadata) {}
