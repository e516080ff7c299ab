package dev.engram.capture.memory;

import dev.engram.capture.CaptureError;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;

/** The rules tying a memory's scope to its agent and chat, and who may write which scope. */
public final class MemoryScopes {

  private MemoryScopes() {}

  /** The scope asked for, or the narrowest one the request names; checks agent/chat fit it. */
  public static MemoryScope resolve(MemoryScope requested, String agent, String chat) {
    MemoryScope scope =
        requested != null ? requested : chat != null ? MemoryScope.CHAT : MemoryScope.AGENT;
    switch (scope) {
      case GLOBAL -> {
        if (chat != null) {
          throw EngramException.invalid("chat", "scope", "must be empty for a GLOBAL memory");
        }
      }
      case AGENT -> {
        if (agent == null) {
          throw EngramException.invalid("agent", "NotNull", "is required for an AGENT memory");
        }
        if (chat != null) {
          throw EngramException.invalid(
              "chat", "scope", "must be empty for an AGENT memory (use scope CHAT)");
        }
      }
      case CHAT -> {
        if (agent == null) {
          throw EngramException.invalid("agent", "NotNull", "is required for a CHAT memory");
        }
        if (chat == null) {
          throw EngramException.invalid("chat", "NotNull", "is required for a CHAT memory");
        }
      }
    }
    return scope;
  }

  public static void requireWriteAllowed(Caller caller, MemoryScope scope) {
    if (scope == MemoryScope.GLOBAL && !caller.has(Roles.ADMIN)) {
      throw new EngramException(
          CaptureError.GLOBAL_NEEDS_ADMIN,
          "GLOBAL memories are visible to every agent of the tenant; writing one needs an admin key");
    }
  }
}
