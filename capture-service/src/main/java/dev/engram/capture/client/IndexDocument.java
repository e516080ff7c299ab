package dev.engram.capture.client;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A memory or exchange as recall-service indexes it (see the internal index API contract). */
public record IndexDocument(
    String tenant,
    String kind,
    long id,
    long version,
    String agent,
    String chat,
    String thread,
    String session,
    String scope,
    String category,
    String status,
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
    Map<String, String> metadata) {}
