package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.nio.file.Path;

/**
 * Settings of recall-service: the index, fusion and the embedding model. Same names in
 * application.properties, env vars (ENGRAM_RECALL_...) and the k8s ConfigMap.
 */
@ConfigMapping(prefix = "engram.recall")
public interface RecallConfig {

  /** Directory of the embedded Lucene index; created when missing, reopened after a restart. */
  @WithDefault("./data/index")
  Path indexDir();

  /** How many candidates each signal (dense, keyword) contributes before fusion. */
  @WithDefault("50")
  @Min(1)
  @Max(1000)
  int candidates();

  /** The k of reciprocal rank fusion, score = sum of w / (k + rank): larger flattens ranks. */
  @WithDefault("60")
  @Min(1)
  int rrfK();

  /** Weight of each signal in the fusion. */
  Weights weights();

  /** Largest k a recall request may ask for. */
  @WithDefault("100")
  @Min(1)
  @Max(1000)
  int maxK();

  /** Most operations accepted in one batch of the internal index API. */
  @WithDefault("1000")
  @Min(1)
  int maxOperationsPerBatch();

  /** Largest document text, and largest recall query, in UTF-8 bytes. */
  @WithDefault("32768")
  @Min(1)
  int maxTextBytes();

  /** The local embedding model. */
  Embedding embedding();

  /** Fusion weights, one per signal; 0 switches a signal off. */
  interface Weights {

    /** Weight of the dense (embedding cosine) list. */
    @WithDefault("1.0")
    @DecimalMin("0")
    double semantic();

    /** Weight of the keyword (BM25) list. */
    @WithDefault("1.0")
    @DecimalMin("0")
    double keyword();
  }

  /** How the embedding model runs. */
  interface Embedding {

    /** Texts per model call; larger batches are faster per text but pad to the longest text. */
    @WithDefault("32")
    @Min(1)
    @Max(1024)
    int batchSize();

    /** ONNX Runtime intra-op threads; 0 lets it choose (one per physical core). */
    @WithDefault("0")
    @Min(0)
    int threads();

    /** Tokens per text the model sees; longer texts are truncated (BM25 still sees all). */
    @WithDefault("256")
    @Min(8)
    @Max(512)
    int maxSequenceLength();
  }
}
