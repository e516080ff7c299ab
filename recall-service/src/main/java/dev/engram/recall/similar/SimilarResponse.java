package dev.engram.recall.similar;

import dev.engram.contracts.index.DocKind;
import java.util.List;

/** Answer of {@code POST /internal/v1/similar}: nearest documents, highest cosine first. */
record SimilarResponse(List<Item> items) {

  record Item(long id, DocKind kind, double score, String text) {}
}
