package dev.engram.capture.memory;

import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;

/**
 * Deleting a memory with everything derived from it (facts, relations). A port: what is derived
 * lives in packages that depend on memory, so the deletion itself is implemented above them ({@code
 * removal/}) and memory never depends on them.
 */
public interface MemoryRemoval {

  /** Deletes a memory and everything derived from it, inside the caller's transaction. */
  Uni<Void> delete(Caller caller, Memory m);
}
