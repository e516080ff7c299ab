package dev.engram.recall.index;

/** A document inside one tenant: its kind and its id (a memory and an exchange may share ids). */
public record DocKey(DocKind kind, long id) {}
