package dev.engram.capture.evidence;

import java.util.Locale;

/** Why a memory's statement gained or lost support (the graph contract's {@code source}). */
public enum EvidenceSource {
  /** A repeat confirmed it (dedup touch, or a new memory that says the same). */
  DEDUP,
  /** A later memory corrected or superseded it. */
  CORRECTION,
  /** Someone linked a memory that CONTRADICTS it. */
  CONTRADICTION;

  String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
