package dev.engram.capture.fact;

/**
 * What {@code GET /v1/facts} asks for; null fields do not filter. {@code subject} and {@code
 * predicate} arrive as the client wrote them.
 */
record FactFilter(
    String agent,
    String chat,
    String subject,
    String predicate,
    boolean onlyCurrent,
    FactStatus status,
    Long before,
    int size) {}
