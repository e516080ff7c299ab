package dev.engram.graph.scope;

/** Who may see a memory or fact inside its tenant: everyone, one agent, or one agent in a chat. */
public enum Scope {
  GLOBAL,
  AGENT,
  CHAT
}
