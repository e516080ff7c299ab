package dev.engram.capture.memory;

/** What kind of thing a memory records. */
public enum MemoryCategory {
  PROFILE,
  KNOWLEDGE,
  EVENT,
  DECISION
}
