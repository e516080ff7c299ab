package dev.engram.capture.memory;

import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;

/**
 * What a supersede or a repeat adds beyond the memory rows: relations and belief evidence. A port,
 * like {@link MemoryRemoval}: relations and evidence depend on memory, so they are written above it
 * ({@code autorelation/}) and memory never depends on them. Both run inside the caller's
 * transaction and are idempotent.
 */
public interface MemoryLinks {

  /** {@code old} was superseded by {@code by} (a correction, a supersede, a released successor). */
  Uni<Void> superseded(Caller caller, Memory old, Memory by);

  /** {@code m} was seen again (a dedup touch or the touch API), its version already final. */
  Uni<Void> touched(Caller caller, Memory m);
}
