package dev.engram.contracts.index;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What an indexed document is: a memory, or a verbatim exchange (one turn of a chat). */
public enum DocKind {
  @JsonProperty("memory")
  MEMORY("memory"),
  @JsonProperty("exchange")
  EXCHANGE("exchange");

  private final String wire;

  DocKind(String wire) {
    this.wire = wire;
  }

  /** The lower-case name used on the wire and in the index. */
  public String wire() {
    return wire;
  }

  /** The wire name, so error messages list the values a client can send. */
  @Override
  public String toString() {
    return wire;
  }

  /** The kind of a wire name, as an index stores it. */
  public static DocKind ofWire(String wire) {
    for (DocKind kind : values()) {
      if (kind.wire.equals(wire)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("unknown kind " + wire);
  }
}
