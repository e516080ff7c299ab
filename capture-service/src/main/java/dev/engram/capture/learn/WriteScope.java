package dev.engram.capture.learn;

import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.common.auth.Caller;

/**
 * Where findings are written: the tenant, agent and chat (CHAT scope), thread and session of the
 * exchanges they came from, the memory source ({@code reflector}, {@code remember}, {@code llm})
 * and who is audited as the writer, and the mode the memories inherit from those exchanges.
 */
public record WriteScope(
    String tenant,
    String agent,
    String chat,
    String thread,
    String session,
    MemoryScope scope,
    String source,
    Caller actor,
    String mode) {

  /** Where the memories it writes belong. */
  public Memory.Place place() {
    return new Memory.Place(tenant, agent, chat, thread, session, scope, mode);
  }
}
