package dev.engram.recall.embedding;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import dev.engram.recall.config.EmbeddingConfig;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The embedder the service uses: the configured provider (a local ONNX model, loaded once and
 * eagerly at start-up so readiness reflects it, or an OpenAI-compatible server) behind the
 * embedding cache. A local model that fails to load leaves the service running but not ready, with
 * the reason in the health check, instead of a crash loop with the reason only in a log.
 */
@Singleton
@Startup
public class EmbeddingModel implements Embedder {

  private static final Logger LOG = Logger.getLogger(EmbeddingModel.class);

  private final EmbeddingConfig.Provider provider;
  private final Embedder delegate;
  private final OnnxEmbedder local;
  private final String modelId;
  private final int dimensions;
  private final double semanticFloor;
  private final String failure;
  private final long loadMillis;
  private final EmbeddingCache cache;

  EmbeddingModel(EmbeddingConfig embedding, MeterRegistry registry) {
    this.provider = embedding.provider();
    this.cache = new EmbeddingCache(embedding.cacheSize());
    long start = System.nanoTime();
    if (provider == EmbeddingConfig.Provider.HTTP) {
      var http = embedding.http();
      delegate =
          new HttpEmbedder(
              new HttpEmbedder.Settings(
                  http.url(),
                  http.model(),
                  http.apiKey(),
                  http.dimensions(),
                  http.batchSize(),
                  http.connectTimeout(),
                  http.timeout(),
                  http.maxRetries()));
      local = null;
      modelId = http.model();
      dimensions = http.dimensions();
      semanticFloor = 0.0; // unknown model: no floor unless configured
      failure = null;
    } else {
      LocalModel model = LocalModel.of(embedding.model());
      Timer batches =
          Timer.builder("engram.recall.embedding.batch")
              .description("Time of one embedding model call (a batch of texts)")
              .tag("model", model.id())
              .register(registry);
      var settings =
          new OnnxEmbedder.Settings(
              embedding.batchSize(),
              embedding.threads(),
              embedding.maxSequenceLength(),
              embedding.spinning());
      OnnxEmbedder loaded = null;
      String error = null;
      try {
        loaded =
            model.load(settings, (texts, nanos) -> batches.record(nanos, TimeUnit.NANOSECONDS));
        LOG.infof(
            "Embedding model %s loaded (%d dimensions, batch %d, max %d tokens)",
            model.id(), loaded.dimensions(), settings.batchSize(), settings.maxSequenceLength());
      } catch (Exception | LinkageError e) {
        error = e.getClass().getSimpleName() + ": " + e.getMessage();
        LOG.errorf(e, "Embedding model %s failed to load", model.id());
      }
      delegate = loaded;
      local = loaded;
      modelId = model.id();
      dimensions = loaded == null ? 384 : loaded.dimensions();
      semanticFloor = model.semanticFloor();
      failure = error;
    }
    this.loadMillis = (System.nanoTime() - start) / 1_000_000;
    registerCacheMeters(registry);
  }

  private void registerCacheMeters(MeterRegistry registry) {
    FunctionCounter.builder("engram.recall.embedding.cache.hits", cache, EmbeddingCache::hits)
        .description("Texts whose vector came from the embedding cache")
        .register(registry);
    FunctionCounter.builder("engram.recall.embedding.cache.misses", cache, EmbeddingCache::misses)
        .description("Texts the embedding provider had to embed")
        .register(registry);
    Gauge.builder("engram.recall.embedding.cache.hit.ratio", cache, EmbeddingCache::hitRatio)
        .description("Share of embedding lookups answered from the cache since start")
        .register(registry);
  }

  @Override
  public String modelId() {
    return modelId;
  }

  @Override
  public int dimensions() {
    return dimensions;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    if (delegate == null) {
      throw new EngramException(
          RecallError.EMBEDDING_UNAVAILABLE, "The embedding model is not loaded: " + failure);
    }
    return texts.isEmpty() ? List.of() : cache.embed(delegate, texts);
  }

  /** One vector, for a query. */
  public float[] embed(String text) {
    return embed(List.of(text)).getFirst();
  }

  /** Tokens the local model sees of these texts (0 with an HTTP provider, which reports none). */
  public int tokens(List<String> texts) {
    return local == null ? 0 : local.tokens(texts);
  }

  /** The semantic floor suited to this model in a large corpus (0 for an HTTP model). */
  public double semanticFloor() {
    return semanticFloor;
  }

  /** Where the vectors come from: {@code local} or {@code http}. */
  public String provider() {
    return provider.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Null when the model is usable, otherwise why it is not. */
  String failure() {
    return failure;
  }

  long loadMillis() {
    return loadMillis;
  }

  double cacheHitRatio() {
    return cache.hitRatio();
  }

  @PreDestroy
  void close() {
    if (local != null) {
      local.close();
    }
  }
}
