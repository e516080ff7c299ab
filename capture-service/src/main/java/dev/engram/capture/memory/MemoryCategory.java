package dev.engram.capture.memory;

/** What kind of thing a memory records. */
public enum MemoryCategory {
  PROFILE,
  KNOWLEDGE,
  EVENT,
  DECISION,
  /**
   * A summary of a chat's (or thread's) day, week or month, made by the Reflector; DERIVED_FROM its
   * children (see the summary package).
   */
  SUMMARY
}
