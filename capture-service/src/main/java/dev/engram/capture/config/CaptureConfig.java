package dev.engram.capture.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * capture-service settings: write limits, exchanges, the outbox, slots, the Reflector, dedup,
 * lifecycle, explicit remember and knowledge priors.
 */
@ConfigMapping(prefix = "engram.capture")
public interface CaptureConfig {

  /** Limits on what one request may write. */
  Limits limits();

  /** The outbox dispatchers that feed recall-service and graph-service (one per projection). */
  Outbox outbox();

  /** Slots: working memory, hot context, handoffs. */
  Slots slots();

  /** Exchanges: dedup on write. */
  Exchanges exchanges();

  /** The Reflector: automatic extraction of memories and facts from exchanges. */
  Reflector reflector();

  /** Relations written automatically between memories (issue 16). */
  Relations relations();

  /** Belief evidence sent to graph-service. */
  Beliefs beliefs();

  /** Dedup of extracted memories against the existing ones. */
  Dedup dedup();

  /** Confidence decay and capacity limits. */
  Lifecycle lifecycle();

  /** Explicit "remember ..." at ingest. */
  Remember remember();

  /** Knowledge priors: Markdown files loaded as GLOBAL memories. */
  Priors priors();

  /** The {@code Idempotency-Key} header of the write API. */
  Idempotency idempotency();

  /** Gated promotion of what keeps coming back into identity and canonical facts. */
  Promotion promotion();

  /** Write limits. */
  interface Limits {
    /** Most exchanges accepted in one append request. */
    @WithDefault("500")
    int maxBatchExchanges();

    /** Longest exchange text, in characters. */
    @WithDefault("32768")
    int maxExchangeChars();

    /** Longest memory text, in characters. */
    @WithDefault("8000")
    int maxMemoryChars();

    /** Most metadata entries on one exchange or memory. */
    @WithDefault("32")
    int maxMetadataEntries();

    /** Longest metadata value, in characters. */
    @WithDefault("2048")
    int maxMetadataValueChars();

    /** Most source exchange ids in one memory's provenance. */
    @WithDefault("200")
    int maxProvenanceIds();

    /** Largest page a list request may ask for. */
    @WithDefault("200")
    int maxPageSize();
  }

  /** Outbox delivery. */
  interface Outbox {
    /** How often the dispatcher looks for undelivered events while events are arriving. */
    @WithDefault("250ms")
    Duration pollInterval();

    /**
     * How often it looks when none were enqueued by this process or delivered in the last 5 s
     * (events written by another replica or by plain SQL wait at most this long).
     */
    @WithDefault("2s")
    Duration idlePollInterval();

    /** Most events one projection's dispatcher delivers in one batch. */
    @WithDefault("256")
    int batchSize();

    /** First wait after a failed delivery; doubles per consecutive failure, per projection. */
    @WithDefault("500ms")
    Duration backoffInitial();

    /** Longest wait between retries. */
    @WithDefault("30s")
    Duration backoffMax();

    /** How often pending/dead counts and lag are refreshed for metrics and readiness. */
    @WithDefault("5s")
    Duration statsInterval();
  }

  /** Slot limits. */
  interface Slots {
    /** Largest slot content, in tokens of {@link #encoding()}. */
    @WithDefault("2000")
    int maxTokens();

    /**
     * Largest slot content in UTF-8 bytes, checked before any token is counted: well below the body
     * limit, so counting the tokens of one write stays short (one unbroken word of megabytes made
     * the tokenizer run out of heap).
     */
    @WithDefault("262144")
    int maxContentBytes();

    /** The BPE encoding used to count slot tokens (a jtokkit EncodingType name). */
    @WithDefault("cl100k_base")
    String encoding();

    /** Cap of the agent's hot context slot ({@code hot_context}), in tokens. */
    @WithDefault("1000")
    int hotContextMaxTokens();

    /** Caps for further slot names, in tokens (e.g. {@code max-tokens-by-name.handoff=1500}). */
    Map<String, Integer> maxTokensByName();

    /** How many of the session's last exchanges a handoff quotes. */
    @WithDefault("6")
    int handoffLastExchanges();
  }

  /** Exchange settings. */
  interface Exchanges {
    /**
     * The same content from the same speaker in the same chat within this window is acknowledged
     * but stored once.
     */
    @WithDefault("60s")
    Duration dedupWindow();
  }

  /** The Reflector. */
  interface Reflector {
    /** How often it runs (quarkus-scheduler syntax, at least 1s; {@code off} disables it). */
    @WithDefault("15m")
    String interval();

    /** Exchanges read and committed together, per chat. */
    @WithDefault("100")
    int batchSize();

    /** Most batches per chat in one run (the rest waits for the next run). */
    @WithDefault("50")
    int maxBatchesPerChat();

    /** Most chats per tenant in one run. */
    @WithDefault("1000")
    int maxChatsPerRun();

    /** {@code deterministic} (no LLM) or {@code llm} (needs {@code llm.base-url}). */
    @WithDefault("deterministic")
    String extractor();

    /** The optional OpenAI-compatible extractor. */
    Llm llm();

    /** Daily, weekly and monthly summaries of each chat and thread (issue 17). */
    Summaries summaries();
  }

  /** The summary DAG the Reflector makes after its batches. */
  interface Summaries {
    /**
     * Whether the Reflector makes summaries at all (on: issue 17 has the Reflector's schedule make
     * them; they cost the write and recall paths nothing, only the Reflector's run).
     */
    @WithDefault("true")
    boolean enabled();

    /**
     * Whether the model writes them when the extractor is {@code llm} (TextRank is the fallback for
     * any summary the model fails); off keeps TextRank with an LLM extractor.
     */
    @WithDefault("true")
    boolean llm();

    /** The levels made, finest first: any of {@code day}, {@code week}, {@code month}. */
    @WithDefault("day,week,month")
    List<String> levels();

    /** Sentences a day summary keeps. */
    @WithDefault("4")
    int daySentences();

    /** Sentences a week summary keeps (picked from its days' sentences). */
    @WithDefault("5")
    int weekSentences();

    /** Sentences a month summary keeps (picked from its weeks' sentences). */
    @WithDefault("6")
    int monthSentences();

    /** Most summaries one run writes per tenant (the rest follows in the next run). */
    @WithDefault("500")
    int maxPerRun();
  }

  /** An OpenAI-compatible chat completions endpoint. */
  interface Llm {
    /**
     * Base URL, e.g. {@code http://localhost:8000/v1}; requests go to {@code /chat/completions}.
     */
    Optional<String> baseUrl();

    /** Model name sent with each request. */
    @WithDefault("gpt-4o-mini")
    String model();

    /** Bearer key, if the endpoint needs one. */
    Optional<String> apiKey();

    /** Timeout of one completion. */
    @WithDefault("60s")
    Duration timeout();
  }

  /** Dedup thresholds. */
  interface Dedup {
    /** Cosine at or above which recall-service's nearest memory is the same memory. */
    @WithDefault("0.92")
    double semanticThreshold();

    /** Jaccard (content words) at or above which two texts are the same memory. */
    @WithDefault("0.8")
    double jaccardThreshold();

    /** Jaccard at or above which a correction replaces an earlier memory. */
    @WithDefault("0.4")
    double correctionThreshold();

    /** How long semantic dedup waits for recall-service before falling back to lexical. */
    @WithDefault("2s")
    Duration similarTimeout();

    /** After recall-service failed, how long dedup stays lexical before trying it again. */
    @WithDefault("30s")
    Duration similarPause();

    /** Most recent memories of a scope compared lexically. */
    @WithDefault("500")
    int lexicalCandidates();
  }

  /** Decay and capacity. */
  interface Lifecycle {
    /** Memories of these sources lose confidence while they are not seen again. */
    @WithDefault("reflector,llm")
    List<String> decayingSources();

    /** How long a memory keeps its confidence after it was last seen. */
    @WithDefault("30d")
    Duration decayGrace();

    /** After the grace period, confidence halves every this long. */
    @WithDefault("90d")
    Duration decayHalfLife();

    /** Below this confidence a decaying memory is archived. */
    @WithDefault("0.2")
    double archiveBelow();

    /** Active memories counted as low-confidence in stats. */
    @WithDefault("0.4")
    double lowConfidence();

    /** Most ACTIVE memories per chat; the least confident, least recently seen are archived. */
    @WithDefault("2000")
    int maxPerChat();

    /** Most ACTIVE memories per agent (its AGENT and CHAT memories). */
    @WithDefault("20000")
    int maxPerAgent();

    /** Most ACTIVE memories per tenant. */
    @WithDefault("200000")
    int maxPerTenant();

    /** Most memories one run decays or archives (the rest follows in the next run). */
    @WithDefault("2000")
    int maxChangesPerRun();
  }

  /** Explicit remember. */
  interface Remember {
    /** Confidence of a memory the user asked to keep. */
    @WithDefault("0.95")
    double confidence();
  }

  /** Knowledge priors. */
  interface Priors {
    /** Folder of Markdown files loaded at start-up (skipped when missing or empty). */
    Optional<String> directory();

    /** The tenant the start-up priors belong to. */
    @WithDefault("default")
    String tenant();

    /** Token budget of one chunk. */
    @WithDefault("400")
    int chunkTokens();
  }

  /** Idempotency keys. */
  interface Idempotency {
    /** How long a key's answer is replayed; after it the key may be used for anything again. */
    @WithDefault("24h")
    Duration ttl();

    /**
     * How long a claimed key whose request never answered (the process died) blocks retries with
     * {@code idempotency_key_in_flight}; longer than the slowest write (a Reflector run).
     */
    @WithDefault("5m")
    Duration inFlightTimeout();

    /** How often expired keys are deleted. */
    @WithDefault("10m")
    Duration sweepInterval();
  }

  /** Automatic relations; each kind can be switched off. */
  interface Relations {
    /** SIMILAR_TO from a new memory to its nearest older ones (recall-service's similar API). */
    @WithDefault("true")
    boolean similarEnabled();

    /** Cosine at or above which a neighbour is SIMILAR_TO. */
    @WithDefault("0.75")
    double similarMinScore();

    /** Most neighbours one new memory is linked to. */
    @WithDefault("3")
    int similarMax();

    /** A neighbour at or above this cosine is a repeat the new memory SUPPORTS (not SIMILAR_TO). */
    @WithDefault("0.92")
    double supportsMinScore();

    /** SUPPORTS for repeats (and the support evidence of a new memory that repeats one). */
    @WithDefault("true")
    boolean supportsEnabled();

    /** CONTRADICTS from a memory to the one it supersedes (supersede, corrections, releases). */
    @WithDefault("true")
    boolean contradictsEnabled();

    /** How often queued memories are linked; {@code off} only by hand (tests). */
    @WithDefault("2s")
    String interval();

    /** Memories linked per pass. */
    @WithDefault("50")
    int batchSize();

    /**
     * How long a pass waits for recall-service's answer for all its memories (one batched call;
     * under load it takes longer than semantic dedup's single text).
     */
    @WithDefault("30s")
    Duration similarTimeout();
  }

  /** Belief evidence. */
  interface Beliefs {
    /** Repeats, corrections and contradictions become belief evidence in graph-service. */
    @WithDefault("true")
    boolean evidenceEnabled();
  }

  /** Gated promotion (promotion/). */
  interface Promotion {
    /**
     * How often the candidate pass runs ({@code off} disables it; the admin trigger still works).
     */
    @WithDefault("1h")
    String interval();

    /** Distinct days (UTC) a memory or fact must have been seen on to be proposed. */
    @WithDefault("3")
    int minDays();

    /** Confidence a memory or fact needs to be proposed. */
    @WithDefault("0.8")
    double minConfidence();

    /** Tenants whose proposals are approved at once, without a human; none by default. */
    Optional<List<String>> autoApproveTenants();
  }
}
