package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import java.util.Optional;

/** How texts become vectors ({@code engram.recall.embedding.*}). */
@ConfigMapping(prefix = "engram.recall.embedding")
public interface EmbeddingConfig {

  /** Where vectors come from: the local ONNX model, or an OpenAI-compatible HTTP server. */
  @WithDefault("local")
  Provider provider();

  /** The local model: all-minilm-l6-v2-q or bge-small-en-v1.5-q. */
  @WithDefault("all-minilm-l6-v2-q")
  String model();

  /**
   * Texts per model call. Every text of a call is padded to its longest, and the int8 model
   * quantises a call's activations as a whole, so with more than 1 a text's vector depends on its
   * batch mates (cosine above 0.97); 1 gives each text one vector and, on the bench's and LoCoMo's
   * texts, less CPU per text (docs/benchmarks/synthetic-load.md, *Embedding batches*). The default
   * is 1: the whole LoCoMo dev file scored the same with 1 as with 32 (turn@10 0.707 against
   * 0.708), and a text's vector no longer depends on how capture's outbox happened to batch it.
   */
  @WithDefault("1")
  @Min(1)
  @Max(1024)
  int batchSize();

  /** ONNX Runtime intra-op threads; 0 lets it choose (one per physical core). */
  @WithDefault("0")
  @Min(0)
  int threads();

  /**
   * Whether ONNX Runtime's idle worker threads spin waiting for the next operator instead of
   * sleeping. Spinning saves microseconds per call on dedicated cores and burns a core per thread
   * between calls on shared ones (the suite shares its cores with capture, Neo4j and PostgreSQL);
   * vectors are the same either way.
   */
  @WithDefault("false")
  boolean spinning();

  /** Tokens per text the model sees; longer texts are truncated (BM25 still sees all). */
  @WithDefault("256")
  @Min(8)
  @Max(512)
  int maxSequenceLength();

  /** Vectors kept in memory, keyed by model and text hash (0: no cache). */
  @WithDefault("10000")
  @Min(0)
  int cacheSize();

  /** The OpenAI-compatible HTTP provider (provider=http). */
  Http http();

  /** The embedding providers. */
  enum Provider {
    LOCAL,
    HTTP
  }

  /** An OpenAI-compatible {@code POST <url>/embeddings} (OpenAI, Ollama, TEI, vLLM). */
  interface Http {

    /** Base URL including the API version, e.g. http://localhost:11434/v1 for Ollama. */
    @WithDefault("https://api.openai.com/v1")
    String url();

    /** Model name sent to the server; also the model id stored with every vector. */
    @WithDefault("text-embedding-3-small")
    String model();

    /** Bearer token, if the server wants one (from a Secret). */
    Optional<String> apiKey();

    /** Length of the vectors the model returns; a different answer is refused. */
    @WithDefault("1536")
    @Min(1)
    int dimensions();

    /** Texts per request. */
    @WithDefault("64")
    @Min(1)
    int batchSize();

    /** Time to connect. */
    @WithDefault("PT2S")
    Duration connectTimeout();

    /** Time for one whole request. */
    @WithDefault("PT30S")
    Duration timeout();

    /** Retries of a request that failed with an I/O error, 429 or 5xx. */
    @WithDefault("2")
    @Min(0)
    int maxRetries();
  }
}
