package dev.engram.recall.index.lucene;

import dev.engram.recall.index.IndexSnapshot;
import java.io.IOException;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;

/**
 * An export's view of the Lucene index: one searcher acquired from the shared manager, so the
 * export sees the last commit as it was when it began while writes go on. Documents are read leaf
 * by leaf through the vector values (every document has a vector) and the stored fields, one at a
 * time, skipping deleted ones.
 */
final class LuceneSnapshot implements IndexSnapshot {

  private final LuceneIndex.Open open;
  private final IndexSearcher searcher;
  private final String model;
  private boolean closed;

  LuceneSnapshot(LuceneIndex.Open open, IndexSearcher searcher, String model) {
    this.open = open;
    this.searcher = searcher;
    this.model = model;
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public void forEach(Visitor visitor) throws IOException {
    for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
      LeafReader reader = leaf.reader();
      FloatVectorValues vectors = reader.getFloatVectorValues(LuceneSchema.VECTOR);
      if (vectors == null) {
        continue; // a segment without documents of this schema
      }
      Bits live = reader.getLiveDocs();
      StoredFields stored = reader.storedFields();
      KnnVectorValues.DocIndexIterator it = vectors.iterator();
      for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
        if (live == null || live.get(doc)) {
          visitor.accept(
              LuceneSchema.fromStored(stored.document(doc)), vectors.vectorValue(it.index()));
        }
      }
    }
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        open.searchers().release(searcher);
      } catch (IOException | RuntimeException e) {
        // the index was closed meanwhile; the reader went with it
      }
    }
  }
}
