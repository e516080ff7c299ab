package dev.engram.recall.index;

import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.Embedder;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Chooses the index adapter: the embedded Lucene index (Qdrant joins here later). */
@ApplicationScoped
class IndexStoreProducer {

  @Produces
  @Singleton
  @Startup
  IndexStore indexStore(RecallConfig config, Embedder embedder) {
    return new LuceneIndexStore(config.indexDir(), embedder.modelId(), embedder.dimensions());
  }

  void close(@Disposes IndexStore store) {
    store.close();
  }
}
