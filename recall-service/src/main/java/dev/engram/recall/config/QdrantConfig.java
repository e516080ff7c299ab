package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import java.util.Optional;

/** The Qdrant adapter, used when {@code engram.recall.store=qdrant}. */
@ConfigMapping(prefix = "engram.recall.qdrant")
public interface QdrantConfig {

  /** Qdrant host (gRPC). */
  @WithDefault("localhost")
  String host();

  /** Qdrant gRPC port. */
  @WithDefault("6334")
  int port();

  /** Whether to use TLS. */
  @WithDefault("false")
  boolean tls();

  /** API key, if the server wants one (from a Secret). */
  Optional<String> apiKey();

  /** Collection holding every tenant's documents (tenant is a payload field). */
  @WithDefault("engram")
  String collection();

  /** Deadline of one Qdrant call. */
  @WithDefault("PT5S")
  Duration timeout();

  /** Points per upsert request. */
  @WithDefault("256")
  @Min(1)
  int batchSize();

  /** Average document length in terms assumed by the BM25 term weights. */
  @WithDefault("40")
  @Min(1)
  double bm25AverageLength();
}
