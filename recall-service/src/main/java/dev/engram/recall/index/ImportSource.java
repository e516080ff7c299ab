package dev.engram.recall.index;

/**
 * The documents of an import (a restore), read and checked one at a time as the store asks for
 * them. A bad line throws (an {@code EngramException}, 400) and the store drops what it applied.
 */
@FunctionalInterface
public interface ImportSource {

  /** The next document with its vector, or null once the input ended and its counts matched. */
  IndexOperation.Upsert next();
}
