package dev.engram.recall.index;

import dev.engram.contracts.index.IndexDocument;
import java.util.List;

/** The first documents of an ordered listing, and how many match in all. */
public record Page(List<IndexDocument> documents, long total) {

  public Page {
    documents = List.copyOf(documents);
  }
}
