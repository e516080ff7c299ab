package dev.engram.recall.embedding;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import dev.engram.recall.config.RecallConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The embedder the service uses: the bundled MiniLM model, loaded once and eagerly at start-up so
 * readiness reflects it. A model that fails to load leaves the service running but not ready, with
 * the reason in the health check, instead of a crash loop with the reason only in a log.
 */
@Singleton
@Startup
class LocalEmbeddingModel implements Embedder {

  private static final Logger LOG = Logger.getLogger(LocalEmbeddingModel.class);

  private final OnnxEmbedder model;
  private final String failure;
  private final long loadMillis;

  LocalEmbeddingModel(RecallConfig config, MeterRegistry registry) {
    Timer batches =
        Timer.builder("engram.recall.embedding.batch")
            .description("Time of one embedding model call (a batch of texts)")
            .tag("model", MiniLmModel.ID)
            .register(registry);
    var embedding = config.embedding();
    var settings =
        new OnnxEmbedder.Settings(
            embedding.batchSize(), embedding.threads(), embedding.maxSequenceLength());
    long start = System.nanoTime();
    OnnxEmbedder loaded = null;
    String error = null;
    try {
      loaded =
          MiniLmModel.load(settings, (texts, nanos) -> batches.record(nanos, TimeUnit.NANOSECONDS));
    } catch (Exception | LinkageError e) {
      error = e.getClass().getSimpleName() + ": " + e.getMessage();
      LOG.errorf(e, "Embedding model %s failed to load", MiniLmModel.ID);
    }
    this.model = loaded;
    this.failure = error;
    this.loadMillis = (System.nanoTime() - start) / 1_000_000;
    if (loaded != null) {
      LOG.infof(
          "Embedding model %s loaded in %d ms (%d dimensions, batch %d, max %d tokens)",
          MiniLmModel.ID,
          loadMillis,
          loaded.dimensions(),
          settings.batchSize(),
          settings.maxSequenceLength());
    }
  }

  @Override
  public String modelId() {
    return MiniLmModel.ID;
  }

  @Override
  public int dimensions() {
    return MiniLmModel.DIMENSIONS;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    if (model == null) {
      throw new EngramException(
          RecallError.EMBEDDING_UNAVAILABLE, "The embedding model is not loaded: " + failure);
    }
    return texts.isEmpty() ? List.of() : model.embed(texts);
  }

  /** Null when the model is loaded, otherwise why it is not. */
  String failure() {
    return failure;
  }

  long loadMillis() {
    return loadMillis;
  }

  @PreDestroy
  void close() {
    if (model != null) {
      model.close();
    }
  }
}
