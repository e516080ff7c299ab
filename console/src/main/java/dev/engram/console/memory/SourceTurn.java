package dev.engram.console.memory;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.Wire;
import dev.engram.console.web.Attempt;
import java.util.List;

/** One turn a memory was derived from, read with the person's key, or why it could not be. */
public record SourceTurn(long id, Attempt<Wire.Turn> turn) {

  /** The most source turns one memory's page reads (a summary may have hundreds). */
  static final int MAX = 10;

  /** The first {@link #MAX} source turns of a memory, each read on its own. */
  static List<SourceTurn> of(CaptureApi capture, String key, Wire.Memory memory) {
    if (memory.provenance() == null || memory.provenance().exchangeIds() == null) {
      return List.of();
    }
    return memory.provenance().exchangeIds().stream()
        .limit(MAX)
        .map(id -> new SourceTurn(id, Attempt.of(() -> capture.turn(key, id))))
        .toList();
  }
}
