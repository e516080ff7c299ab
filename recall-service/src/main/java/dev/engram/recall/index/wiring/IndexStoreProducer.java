package dev.engram.recall.index.wiring;

import dev.engram.recall.config.KeywordConfig;
import dev.engram.recall.config.QdrantConfig;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import dev.engram.recall.index.qdrant.QdrantIndexStore;
import dev.engram.recall.index.qdrant.QdrantSettings;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * Chooses the index adapter ({@code engram.recall.store}): embedded Lucene, or Qdrant. Apart from
 * the port and its adapters, so the adapters depend on the port and nothing depends back on them.
 */
@ApplicationScoped
class IndexStoreProducer {

  private static final Logger LOG = Logger.getLogger(IndexStoreProducer.class);

  @Produces
  @Singleton
  @Startup
  IndexStore indexStore(
      RecallConfig config, QdrantConfig q, KeywordConfig keyword, Embedder embedder) {
    if (config.store() == RecallConfig.StoreKind.QDRANT) {
      LOG.infof("Recall index: Qdrant at %s:%d, collection %s", q.host(), q.port(), q.collection());
      return new QdrantIndexStore(
          new QdrantSettings(
              q.host(),
              q.port(),
              q.tls(),
              q.apiKey(),
              q.collection(),
              q.timeout(),
              q.batchSize(),
              q.bm25AverageLength()),
          embedder.modelId(),
          embedder.dimensions());
    }
    var rules = new LuceneIndexStore.KeywordRules(keyword.commonTermShare(), keyword.nameTies());
    return new LuceneIndexStore(
        config.indexDir(), embedder.modelId(), embedder.dimensions(), rules);
  }

  void close(@Disposes IndexStore store) {
    store.close();
  }
}
