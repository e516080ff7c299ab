package dev.engram.capture.memory;

/** A memory's lifecycle state; only ACTIVE memories are recalled by default. */
public enum MemoryStatus {
  ACTIVE,
  ARCHIVED,
  SUPERSEDED,
  QUARANTINED
}
