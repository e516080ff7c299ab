package dev.engram.capture.slot;

/** A slot is ACTIVE, or QUARANTINED by the poisoning gate (stored, never served for context). */
public enum SlotStatus {
  ACTIVE,
  QUARANTINED
}
