package dev.engram.capture.memory;

/** Who sees a memory: the whole tenant, one agent, or one agent in one chat. */
public enum MemoryScope {
  GLOBAL,
  AGENT,
  CHAT
}
