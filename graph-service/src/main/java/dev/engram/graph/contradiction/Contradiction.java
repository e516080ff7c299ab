package dev.engram.graph.contradiction;

import java.time.Instant;

/** Memory {@code from} contradicts memory {@code to}, with this weight. */
public record Contradiction(
    long relationId, double weight, Instant createdAt, MemoryRef from, MemoryRef to) {

  /** A memory at one end of a contradiction. */
  public record MemoryRef(long id, String text, Instant createdAt, Double confidence) {}
}
