package dev.engram.capture.slot;

/** What a slot belongs to: the agent itself, one session (run) or one thread (project). */
public enum SlotOwner {
  AGENT,
  SESSION,
  THREAD
}
