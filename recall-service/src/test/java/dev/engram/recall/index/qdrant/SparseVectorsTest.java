package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.index.TextTerms;
import java.util.List;
import org.junit.jupiter.api.Test;

/** BM25 term weights computed client-side with the Lucene adapter's analyzer. */
class SparseVectorsTest {

  private final SparseVectors sparse = new SparseVectors(TextTerms.analyzer(), 4);

  @Test
  void documentWeightsAreBm25TermFrequencies() {
    // "the" and "and" are stop words; "Porto" twice: 5 terms against an average of 4.
    var v = sparse.document("Alice loves the Porto, Porto and cats");
    assertEquals(
        List.of(
            SparseVectors.index("alic"),
            SparseVectors.index("love"),
            SparseVectors.index("porto"),
            SparseVectors.index("cat")),
        v.indices());
    double norm = SparseVectors.K1 * (1 - SparseVectors.B + SparseVectors.B * 5 / 4.0);
    double once = 1 * (SparseVectors.K1 + 1) / (1 + norm);
    double twice = 2 * (SparseVectors.K1 + 1) / (2 + norm);
    assertEquals(once, v.values().get(0), 1e-6);
    assertEquals(twice, v.values().get(2), 1e-6);
    assertTrue(twice > once && twice < 2 * once, "saturates");
  }

  @Test
  void queriesWeighEachDistinctTermOnce() {
    var q = sparse.query("the runners RUN? run!");
    assertEquals(List.of(SparseVectors.index("runner"), SparseVectors.index("run")), q.indices());
    assertEquals(List.of(1f, 1f), q.values());
    assertTrue(sparse.query("the and of").isEmpty(), "stop words only");
  }

  @Test
  void termIndicesAreStableHashes() {
    assertEquals(SparseVectors.index("porto"), SparseVectors.index("porto"));
    assertNotEquals(SparseVectors.index("porto"), SparseVectors.index("lisbon"));
    assertEquals(0xe40c292c, SparseVectors.index("a"), "FNV-1a of \"a\"");
  }
}
