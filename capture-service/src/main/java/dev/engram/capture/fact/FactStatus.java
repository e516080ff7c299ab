package dev.engram.capture.fact;

/**
 * A fact's state in the record: ACTIVE (in play; current while {@code invalidated_at} is null),
 * SUPERSEDED (a newer value replaced it) or QUARANTINED (derived from a poisoned write; never
 * projected, applied when an admin releases its memory).
 */
public enum FactStatus {
  ACTIVE,
  SUPERSEDED,
  QUARANTINED
}
