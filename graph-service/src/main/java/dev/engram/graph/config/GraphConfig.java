package dev.engram.graph.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * graph-service settings (prefix {@code engram.graph}; env {@code ENGRAM_GRAPH_...}). The Neo4j
 * connection itself is configured with the {@code quarkus.neo4j.*} keys; the functional predicates
 * with the shared {@code engram.facts.functional-predicates}, read through common's {@link
 * dev.engram.common.config.FactsConfig}.
 */
@ConfigMapping(prefix = "engram.graph")
public interface GraphConfig {

  /**
   * The longest a query may take, end to end (connecting included), before the caller gets a 503;
   * also sent to Neo4j as the transaction timeout.
   */
  @WithDefault("5s")
  Duration queryTimeout();

  /** A Cypher statement taking at least this long is logged (abridged) at WARN. */
  @WithDefault("1s")
  Duration slowQueryThreshold();

  /** The longest the readiness check waits for Neo4j, so a probe answers even when it hangs. */
  @WithDefault("2s")
  Duration healthTimeout();

  /** Applying the schema at start-up. */
  Schema schema();

  /** The internal operations API fed by capture-service's outbox. */
  Operations operations();

  /** Entity resolution on write. */
  Entities entities();

  /** Fact limits. */
  Facts facts();

  /** Neighbours for recall. */
  Neighbours neighbours();

  /** Public traversal (BFS). */
  Traversal traversal();

  /** Beliefs and their revision rule. */
  Beliefs beliefs();

  /** PageRank over each tenant's entity graph. */
  Centrality centrality();

  /** The backup export and import (docs/backup-format.md). */
  Backup backup();

  /** Export and import of the whole graph for vault-service. */
  interface Backup {

    /**
     * The longest one export may take: its read transaction stays open that long (the vault waits
     * up to 2 h for an export).
     */
    @WithDefault("2h")
    Duration exportTimeout();

    /** Records written per transaction by an import (each chunk commits on its own). */
    @WithDefault("500")
    int importChunkSize();
  }

  /** How the schema is applied while Neo4j is not reachable yet. */
  interface Schema {

    /** The wait before the second attempt; it doubles after each failure. */
    @WithDefault("1s")
    Duration retryInitialDelay();

    /** The longest wait between two attempts, so the schema follows soon after Neo4j is back. */
    @WithDefault("10s")
    Duration retryMaxDelay();

    /**
     * The longest one migration statement may take. A migration may rewrite every link of the graph
     * in committed chunks (V005: 40 s for 241 447 mentions at 104k memories on a loaded machine),
     * and the service is not ready until it is done, so this is far longer than a batch.
     */
    @WithDefault("30m")
    Duration statementTimeout();
  }

  /** Batches of graph operations. */
  interface Operations {

    /** The most operations one request may carry (a bigger batch is a 400). */
    @WithDefault("1000")
    int maxPerBatch();

    /** The longest one batch may take; it is applied in one transaction per segment. */
    @WithDefault("60s")
    Duration batchTimeout();

    /** Memory and exchange text beyond this many characters is not scanned for names. */
    @WithDefault("20000")
    int maxScannedChars();
  }

  /** Entity resolution: normalized exact match, then alias, then fuzzy. */
  interface Entities {

    /**
     * Jaro-Winkler similarity (0..1) every word of a new name must reach against the matching word
     * of a known name to be resolved to it; above 1 turns fuzzy resolution off.
     */
    @WithDefault("0.92")
    double fuzzyThreshold();

    /** Words shorter than this must match exactly: short names are too easily confused. */
    @WithDefault("4")
    int fuzzyMinWordLength();
  }

  /** Facts. */
  interface Facts {

    /**
     * The most facts one chat may hold; beyond it the oldest invalidated facts go first, then the
     * lowest-confidence current ones. Facts without a chat (GLOBAL, AGENT) are not counted.
     */
    @WithDefault("10000")
    int maxPerChat();
  }

  /** {@code POST /internal/v1/graph/neighbours}. */
  interface Neighbours {

    /** Items returned when the request names no limit. */
    @WithDefault("50")
    int defaultLimit();

    /** The largest limit a request may ask for. */
    @WithDefault("500")
    int maxLimit();

    /** Hops when the request names none. */
    @WithDefault("2")
    int defaultMaxHops();

    /** Score multiplier per hop beyond the first (confidence × decay^(hops-1)). */
    @WithDefault("0.5")
    double hopDecay();

    /** Most links followed from one entity or memory, so a hub cannot make a query slow. */
    @WithDefault("200")
    int perNodeLimit();

    /** Most entities one hop adds to the frontier (highest fact confidence first). */
    @WithDefault("25")
    int frontierLimit();
  }

  /** {@code POST /v1/traverse}. */
  interface Traversal {

    /** Score multiplier per hop when the request names none. */
    @WithDefault("0.7")
    double defaultDecay();

    /** The most nodes one traversal returns. */
    @WithDefault("500")
    int maxNodes();

    /** Most links followed from one node. */
    @WithDefault("200")
    int perNodeLimit();
  }

  /** Beliefs: (strength, confidence) truth values merged by NAL revision. */
  interface Beliefs {

    /** NAL's evidential horizon k: confidence c = w / (w + k) for evidence weight w. */
    @WithDefault("1.0")
    double horizon();

    /** Confidence is capped below 1 (1 would be infinite evidence). */
    @WithDefault("0.99")
    double maxConfidence();

    /** When true, contradicting evidence weighs more than supporting evidence. */
    @WithDefault("false")
    boolean asymmetric();

    /** Asymmetric mode: multiplier of the weight of evidence that agrees with the belief. */
    @WithDefault("1.0")
    double supportRate();

    /** Asymmetric mode: multiplier of the weight of evidence that disagrees with the belief. */
    @WithDefault("2.0")
    double contradictionRate();

    /** A belief at or below this strength, with enough confidence, is recorded as contradicted. */
    @WithDefault("0.2")
    double contradictionStrength();

    /** The confidence a low-strength belief needs to count as a contradiction. */
    @WithDefault("0.5")
    double contradictionMinConfidence();

    /**
     * The revision rule of a tenant that has not chosen one ({@code PUT /v1/beliefs/settings}): NAL
     * revision (the {@code asymmetric} keys above apply to it) or the asymmetric EMA.
     */
    @WithDefault("NAL")
    Rule rule();

    /** EMA rule: the step λ towards evidence that agrees with the belief, f' = f + λ·(s − f). */
    @WithDefault("0.15")
    double emaSupportStep();

    /** EMA rule: the step λ towards evidence that disagrees (the other side of 0.5). */
    @WithDefault("0.30")
    double emaContradictionStep();

    /** Deduction over chains of truth-valued facts and beliefs ({@code POST /v1/beliefs/infer}). */
    Inference inference();

    /** How a belief's truth value moves with evidence. */
    enum Rule {
      /** NAL revision: the evidence weights of belief and evidence are pooled. */
      NAL,
      /** Exponential moving average, a larger step for contradicting evidence (OMI). */
      EMA
    }

    /** Bounds of the deduction search, so one question cannot walk a whole tenant. */
    interface Inference {

      /** Longest chain a question may ask for ({@code max_hops}, 1..this). */
      @WithDefault("4")
      int maxHops();

      /** Chain length when the question does not say. */
      @WithDefault("3")
      int defaultHops();

      /** Links followed from each node, highest confidence first. */
      @WithDefault("25")
      int fanOut();

      /** Chains in the answer, best (highest confidence) first. */
      @WithDefault("5")
      int maxChains();
    }
  }

  /** PageRank over the entity graph of each tenant. */
  interface Centrality {

    /** Recompute on a schedule; off leaves the last stored scores. */
    @WithDefault("true")
    boolean enabled();

    /** How often every tenant's scores are recomputed (at least 1s). */
    @WithDefault("10m")
    String interval();

    /** PageRank damping factor. */
    @WithDefault("0.85")
    double damping();

    /** At most this many power iterations. */
    @WithDefault("100")
    int maxIterations();

    /** Stop once the scores move less than this in total (L1). */
    @WithDefault("1.0e-6")
    double tolerance();

    /** Entities read (and scores written) per round trip. */
    @WithDefault("2000")
    int pageSize();
  }
}
