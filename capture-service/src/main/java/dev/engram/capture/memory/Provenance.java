package dev.engram.capture.memory;

import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Where a memory came from: the exchanges it was derived from and the extractor (name and version)
 * that derived it, or a free note for memories written by hand.
 */
public record Provenance(
    List<Long> exchangeIds,
    @Size(max = 128) String extractor,
    @Size(max = 1000) String note,
    @Size(max = 128) String extractorVersion) {

  /** Provenance without an extractor version (hand-written memories, older rows). */
  public Provenance(List<Long> exchangeIds, String extractor, String note) {
    this(exchangeIds, extractor, note, null);
  }
}
