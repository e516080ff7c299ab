package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;

/** One change to the index; a batch of them is applied in order. */
public sealed interface IndexOperation {

  /** Adds or replaces a document, unless the index holds a newer version of it. */
  record Upsert(IndexDocument document, float[] vector) implements IndexOperation {}

  /**
   * Removes a document, unless the index holds a newer version than {@code version} (null: remove
   * whatever version). Removing an absent document is a no-op.
   */
  record Delete(String tenant, DocKind kind, long id, Long version) implements IndexOperation {}

  /** Removes every document of a tenant (a reindex follows and re-sends them). */
  record Reset(String tenant) implements IndexOperation {}
}
