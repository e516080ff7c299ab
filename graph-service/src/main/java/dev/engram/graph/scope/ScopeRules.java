package dev.engram.graph.scope;

import dev.engram.common.error.FieldViolation;
import java.util.List;

/** GLOBAL: no agent, no chat; AGENT: an agent, no chat; CHAT: both. */
public final class ScopeRules {

  private ScopeRules() {}

  /** Adds a violation per field that does not fit {@code scope}. */
  public static void check(
      Scope scope, String agent, String chat, String path, List<FieldViolation> violations) {
    boolean needsAgent = scope != Scope.GLOBAL;
    boolean needsChat = scope == Scope.CHAT;
    if (needsAgent != (agent != null)) {
      violations.add(
          new FieldViolation(
              path + "agent",
              "scope",
              needsAgent ? "is required for scope " + scope : "must be null for scope GLOBAL"));
    }
    if (needsChat != (chat != null)) {
      violations.add(
          new FieldViolation(
              path + "chat",
              "scope",
              needsChat ? "is required for scope CHAT" : "must be null for scope " + scope));
    }
  }
}
