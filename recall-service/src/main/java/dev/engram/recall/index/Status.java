package dev.engram.recall.index;

/** Lifecycle of an indexed document; recall sees only ACTIVE ones. */
public enum Status {
  ACTIVE,
  ARCHIVED,
  SUPERSEDED
}
