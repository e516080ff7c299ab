package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Settings of recall-service's index and ranking: the index adapter and its limits, list lengths,
 * fusion weights, recency, the semantic floor, the graph calls, entity injection and the
 * conversational evidence. Context assembly ({@link ContextConfig}), the embedding model ({@link
 * EmbeddingConfig}), Qdrant ({@link QdrantConfig}) and the MCP tools' calls ({@link McpConfig})
 * have mappings of their own. Same names in application.properties, env vars (ENGRAM_RECALL_...)
 * and the k8s ConfigMap. Fusion defaults were chosen on the LoCoMo dev file (see README and
 * docs/benchmarks/locomo.md).
 */
@ConfigMapping(prefix = "engram.recall")
public interface RecallConfig {

  /** Which index adapter holds the documents: the embedded Lucene index or a Qdrant server. */
  @WithDefault("lucene")
  StoreKind store();

  /** Directory of the embedded Lucene index; created when missing, reopened after a restart. */
  @WithDefault("./data/index")
  Path indexDir();

  /** How many candidates each signal contributes before fusion (at least the requested k). */
  @WithDefault("50")
  @Min(1)
  @Max(1000)
  int candidates();

  /** The k of reciprocal rank fusion, score = sum of w / (k + rank): larger flattens ranks. */
  @WithDefault("20")
  @Min(1)
  int rrfK();

  /** Weight of each signal in the fusion. */
  SignalWeights weights();

  /** The recency signal. */
  Recency recency();

  /** The semantic floor: dense hits below it are dropped (looser in a small corpus). */
  SemanticFloor semanticFloor();

  /** The graph signal (graph-service's neighbours). */
  Graph graph();

  /** Named-entity injection. */
  Entities entities();

  /** Conversational evidence (neighbour turns, sessions). */
  Evidence evidence();

  /** Threads that run one recall's index lists at the same time (shared by all recalls). */
  @WithDefault("4")
  @Min(1)
  @Max(64)
  int searchThreads();

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

  /** The index adapters. */
  enum StoreKind {
    LUCENE,
    QDRANT
  }

  /** The recency signal. */
  interface Recency {

    /** Age at which an item's recency score halves: score = 0.5^(age / half-life). */
    @WithDefault("P30D")
    Duration halfLife();

    /** Items created within one window of this length (on fixed boundaries) tie for recency. */
    @WithDefault("PT1H")
    Duration resolution();
  }

  /** Conversational evidence: the neighbour and session signals (on when their weight is). */
  interface Evidence {

    /** Best items of the first fusion whose neighbours and sessions are looked at. */
    @WithDefault("20")
    @Min(1)
    @Max(200)
    int seeds();

    /** Longest time between two turns of a session for them to count as neighbours. */
    @WithDefault("PT10M")
    Duration neighbourWindow();

    /**
     * Whether a memory and its own source exchange in one answer give one place back (the
     * better-ranked stays).
     */
    @WithDefault("true")
    boolean foldSources();
  }

  /** The semantic floor, interpolated on log(corpus size) between the two sizes. */
  interface SemanticFloor {

    /** Lowest cosine kept in a large corpus; unset: the local model's own value (see README). */
    Optional<Double> minScore();

    /** Lowest cosine kept in a small corpus, where even weak matches are the best there is. */
    @WithDefault("0.0")
    @DecimalMin("-1")
    @DecimalMax("1")
    double smallCorpusMinScore();

    /** Documents of a tenant up to which its corpus counts as small. */
    @WithDefault("200")
    @Min(1)
    long smallCorpusSize();

    /** Documents of a tenant from which its corpus counts as large. */
    @WithDefault("20000")
    @Min(2)
    long largeCorpusSize();
  }

  /** The graph signal. */
  interface Graph {

    /** Longest wait for graph-service; after it the signal is skipped, not failed. */
    @WithDefault("PT0.3S")
    Duration timeout();

    /** Hops from a named entity the graph may follow (graph-service allows 1..3). */
    @WithDefault("2")
    @Min(1)
    @Max(3)
    int maxHops();

    /** Items asked of the graph. */
    @WithDefault("50")
    @Min(1)
    @Max(500)
    int limit();

    /** The expansion signal's call: neighbours of the first fusion's best memories. */
    GraphExpansion expansion();
  }

  /** The expansion signal's graph call. */
  interface GraphExpansion {

    /** The first fusion's best items whose memories are the starting points (≤ 200 sent). */
    @WithDefault("10")
    @Min(1)
    @Max(200)
    int seeds();

    /** Hops from those memories (1: their relations; 2 adds the entities they mention). */
    @WithDefault("1")
    @Min(1)
    @Max(3)
    int maxHops();

    /** Items asked of the graph. */
    @WithDefault("20")
    @Min(1)
    @Max(500)
    int limit();

    /** Longest wait, after the first fusion; later the signal is skipped, not failed. */
    @WithDefault("PT0.15S")
    Duration timeout();
  }

  /** Named-entity injection. */
  interface Entities {

    /** Proper nouns of one query looked up verbatim; the rest are ignored. */
    @WithDefault("5")
    @Min(0)
    int maxNames();
  }
}
