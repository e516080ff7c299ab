package dev.engram.capture.audit;

import java.time.Instant;

/** Which rows of one tenant's audit log a listing or an export wants; null fields match all. */
record AuditFilter(
    String tenant,
    String targetType,
    String targetId,
    String operation,
    Instant from,
    Instant to) {}
