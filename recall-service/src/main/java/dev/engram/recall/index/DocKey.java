package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;

/** A document inside one tenant: its kind and its id (a memory and an exchange may share ids). */
public record DocKey(DocKind kind, long id) {

  /** The (kind, id) that names {@code d} inside its tenant. */
  public static DocKey of(IndexDocument d) {
    return new DocKey(d.kind(), d.id());
  }
}
