package dev.engram.contracts.index;

/** Who may see a memory inside its tenant: everyone, one agent, or one agent in one chat. */
public enum Scope {
  GLOBAL,
  AGENT,
  CHAT
}
