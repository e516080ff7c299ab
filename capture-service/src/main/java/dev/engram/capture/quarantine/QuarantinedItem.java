package dev.engram.capture.quarantine;

import java.time.Instant;

/** A quarantined memory, exchange or slot, as an admin reviews it. */
public record QuarantinedItem(
    String type,
    long id,
    String agent,
    String chat,
    String text,
    String reason,
    String source,
    Instant createdAt) {}
