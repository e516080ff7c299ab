package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.engram.contracts.index.IndexDocument;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;

/**
 * The documents behind search hits, read from the stored fields once and kept. A segment's stored
 * fields never change (an update is a new document in a new segment), so a document is kept under
 * its segment's core (which deletions do not replace) and its number there. Every hit used to
 * decompress its stored block and parse its metadata again, in every list of every recall: the same
 * few hundred documents, most of them.
 */
final class StoredDocuments {

  /** Room for the kept documents, weighed by their text. */
  private static final long CACHE_BYTES = 48L << 20;

  private record Key(Object core, int doc) {}

  private final Cache<Key, IndexDocument> kept =
      Caffeine.newBuilder()
          .maximumWeight(CACHE_BYTES)
          .<Key, IndexDocument>weigher((k, d) -> 512 + 2 * d.text().length())
          .expireAfterAccess(Duration.ofMinutes(30))
          .build();

  /** The document {@code doc} (a top-level number) of {@code reader}. */
  IndexDocument get(IndexReader reader, int doc) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    int local = doc - leaf.docBase;
    Key key = new Key(core(leaf.reader()), local);
    IndexDocument d = kept.getIfPresent(key);
    if (d == null) {
      d = LuceneSchema.fromStored(leaf.reader().storedFields().document(local));
      kept.put(key, d);
    }
    return d;
  }

  private static Object core(LeafReader reader) {
    IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
    return helper == null ? reader : helper.getKey();
  }
}
