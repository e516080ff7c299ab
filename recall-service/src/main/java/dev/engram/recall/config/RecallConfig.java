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
 * Settings of recall-service: the index, fusion, context assembly and the embedding model. Same
 * names in application.properties, env vars (ENGRAM_RECALL_...) and the k8s ConfigMap. Fusion
 * defaults were chosen on the LoCoMo dev file (see README and BENCHMARKS.md).
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
  Weights weights();

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

  /** The embedding model. */
  Embedding embedding();

  /** Context assembly ({@code POST /v1/context}). */
  ContextSettings context();

  /** The Qdrant adapter (used when {@code store=qdrant}). */
  Qdrant qdrant();

  /** The index adapters. */
  enum StoreKind {
    LUCENE,
    QDRANT
  }

  /** Fusion weights, one per signal; 0 switches a signal off. */
  interface Weights {

    /** Weight of the dense (embedding cosine) list. */
    @WithDefault("1.0")
    @DecimalMin("0")
    double semantic();

    /** Weight of the keyword (BM25) list. */
    @WithDefault("2.0")
    @DecimalMin("0")
    double keyword();

    /** Weight of the recency list (the other signals' candidates, newest first). */
    @WithDefault("0.2")
    @DecimalMin("0")
    double recency();

    /** Weight of the graph list (items linked to entities the query names). */
    @WithDefault("0.8")
    @DecimalMin("0")
    double graph();

    /** Weight of the thread list (the semantic search again, inside the active thread). */
    @WithDefault("0.5")
    @DecimalMin("0")
    double thread();

    /** Weight of the entity list (items containing a proper noun of the query verbatim). */
    @WithDefault("1.0")
    @DecimalMin("0")
    double entity();

    /** Weight of the neighbour list (the turns next to the first fusion's best turns). */
    @WithDefault("1.0")
    @DecimalMin("0")
    double neighbour();

    /**
     * Weight of the seed-neighbour list (first-fusion turns next to another of them, which the
     * neighbour list leaves out). Chosen on LoCoMo (BENCHMARKS.md, ranking second round); at 0.5
     * the demo's Lisbon memory is no longer first (DemoRecallTest).
     */
    @WithDefault("0.25")
    @DecimalMin("0")
    double seedNeighbour();

    /**
     * Weight of the session list (candidates ranked by their session's summed score). Off: only
     * items with a session are in it, so it lifts turns over memories that answer better.
     */
    @WithDefault("0.0")
    @DecimalMin("0")
    double session();

    /** Weight of the time list (candidates created in a time the query names). */
    @WithDefault("1.0")
    @DecimalMin("0")
    double time();

    /**
     * Weight of the expansion list (graph neighbours of the first fusion's best memories). Chosen
     * on LoCoMo (BENCHMARKS.md, graph signals).
     */
    @WithDefault("0.0")
    @DecimalMin("0")
    double expansion();

    /** Weight of the centrality list (graph items, most central query entity first). */
    @WithDefault("0.0")
    @DecimalMin("0")
    double centrality();

    /**
     * Weight of the speaker list (candidates spoken by, or memories naming, a speaker of the chat
     * the query names).
     */
    @WithDefault("0.0")
    @DecimalMin("0")
    double speaker();

    /**
     * Weight of the feedback list (BM25 of the query expanded with the first fusion's best items'
     * words).
     */
    @WithDefault("0.0")
    @DecimalMin("0")
    double feedback();
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

  /** How texts become vectors. */
  interface Embedding {

    /** Where vectors come from: the local ONNX model, or an OpenAI-compatible HTTP server. */
    @WithDefault("local")
    Provider provider();

    /** The local model: all-minilm-l6-v2-q or bge-small-en-v1.5-q. */
    @WithDefault("all-minilm-l6-v2-q")
    String model();

    /**
     * Texts per model call. Every text of a call is padded to its longest, and the int8 model
     * quantises a call's activations as a whole, so with more than 1 a text's vector depends on its
     * batch mates (cosine above 0.97); 1 gives each text one vector and, on the bench's and
     * LoCoMo's texts, less CPU per text (BENCHMARKS.md, *Embedding batches*). The default is 1: the
     * whole LoCoMo dev file scored the same with 1 as with 32 (turn@10 0.707 against 0.708), and a
     * text's vector no longer depends on how capture's outbox happened to batch it.
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

  /** Context assembly. */
  interface ContextSettings {

    /** The BPE encoding that counts tokens (a jtokkit name: cl100k_base, o200k_base, ...). */
    @WithDefault("cl100k_base")
    String encoding();

    /** Share of the budget left after slots for L0 identity (PROFILE memories). */
    @WithDefault("0.2")
    @DecimalMin("0")
    @DecimalMax("1")
    double identityShare();

    /** Share of the budget left after slots for L1 essential (highest confidence). */
    @WithDefault("0.3")
    @DecimalMin("0")
    @DecimalMax("1")
    double essentialShare();

    /** Candidates read per layer (L0, L1) and recalled for L2. */
    @WithDefault("50")
    @Min(1)
    @Max(500)
    int candidates();

    /** Longest wait for capture-service's slots; after it the context is built without them. */
    @WithDefault("PT0.5S")
    Duration slotsTimeout();

    /** Recent turns of the chat shown (last N); a request's recent_turns overrides it. */
    @WithDefault("10")
    @Min(0)
    @Max(100)
    int recentTurns();

    /** Longest wait for capture-service's recent turns; after it the context goes without. */
    @WithDefault("PT0.5S")
    Duration recentTurnsTimeout();

    /** Most of the budget left after slots the recent turns may take (newest kept first). */
    @WithDefault("0.25")
    @DecimalMin("0")
    @DecimalMax("1")
    double recentTurnsShare();

    /** Most of the budget left after slots the Person sections may take together. */
    @WithDefault("0.2")
    @DecimalMin("0")
    @DecimalMax("1")
    double peopleShare();

    /** Most people of a chat (its recent senders) given a Person section. */
    @WithDefault("5")
    @Min(0)
    @Max(50)
    int maxPeople();

    /** Most of the budget left after slots the current facts may take. */
    @WithDefault("0.1")
    @DecimalMin("0")
    @DecimalMax("1")
    double factsShare();

    /** Current facts asked of graph-service. */
    @WithDefault("20")
    @Min(1)
    @Max(200)
    int factsLimit();

    /** Longest wait for graph-service's current facts; after it the context goes without. */
    @WithDefault("PT0.3S")
    Duration factsTimeout();

    /** Framing texts. */
    Templates templates();
  }

  /**
   * Framing texts of the context block. Placeholders: {name} (slot, person), {text}, {date}
   * (yyyy-MM-dd), {speaker}, {n}, {fact}. An empty heading leaves its section without one. {text}
   * and {speaker} are untrusted: they arrive on one line with {@code "} escaped, so a template that
   * quotes them keeps them data.
   */
  interface Templates {

    /** First line: anchors the model to its memories. */
    @WithDefault(
        "These are my memories. I state only what these memories say and do not invent details"
            + " they do not contain.")
    String preamble();

    /** Heading of the working-memory slot. */
    @WithDefault("## What I am working on")
    String workingMemory();

    /** Heading of the hot-context slot. */
    @WithDefault("## What is on my mind right now")
    String hotContext();

    /** Heading of the thread-handoff slot. */
    @WithDefault("## Where this thread left off")
    String threadHandoff();

    /** Heading of any other slot. */
    @WithDefault("## My notes: {name}")
    String otherSlot();

    /** Heading of L0 identity. */
    @WithDefault("## Who I am and who I talk to")
    String identity();

    /** Heading of L1 essential. */
    @WithDefault("## What I know for certain")
    String essential();

    /** Heading of L2 relevance. */
    @WithDefault("## What I remember about this")
    String relevance();

    /** One memory. */
    @WithDefault("- \"{text}\" ({date})")
    String memory();

    /** One exchange. */
    @WithDefault("- {speaker} said on {date}: \"{text}\"")
    String exchange();

    /** Heading of a slot of the tenant (global notes, written with an admin key). */
    @WithDefault("## Notes for every agent: {name}")
    String globalSlot();

    /** Heading of a slot of the chat. */
    @WithDefault("## Notes on this chat: {name}")
    String chatSlot();

    /** Heading of what is known about one person of the chat ({name}). */
    @WithDefault("## Person: {name}")
    String person();

    /** Heading of the chat's recent turns. */
    @WithDefault("## The conversation so far")
    String recentTurns();

    /** One recent turn ({speaker}, {text}, {date}). */
    @WithDefault("- {speaker}: \"{text}\"")
    String turn();

    /** Heading of the current facts. */
    @WithDefault("## What is true now")
    String facts();

    /** One current fact ({fact}: "Alice lives_in Oslo (since 2026-03-01)"). */
    @WithDefault("- {fact}")
    String fact();

    /** Last line of a section that left items out. */
    @WithDefault("(+{n} memories omitted)")
    String omitted();

    /** Last line of the recent turns when earlier ones were left out. */
    @WithDefault("(+{n} earlier turns omitted)")
    String omittedTurns();

    /** Last line of the current facts when some were left out. */
    @WithDefault("(+{n} facts omitted)")
    String omittedFacts();
  }

  /** The Qdrant adapter. */
  interface Qdrant {

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
}
