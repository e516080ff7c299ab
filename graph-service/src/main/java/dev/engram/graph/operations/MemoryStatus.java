package dev.engram.graph.operations;

/** A memory's status as capture-service sends it (quarantined ones are never sent). */
public enum MemoryStatus {
  ACTIVE,
  ARCHIVED,
  SUPERSEDED
}
