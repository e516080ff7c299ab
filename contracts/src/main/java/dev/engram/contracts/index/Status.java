package dev.engram.contracts.index;

/**
 * Lifecycle of an indexed document; recall sees only ACTIVE ones. Quarantined records are never
 * indexed (capture sends a delete), so there is no such value here.
 */
public enum Status {
  ACTIVE,
  ARCHIVED,
  SUPERSEDED
}
