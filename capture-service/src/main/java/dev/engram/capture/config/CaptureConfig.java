package dev.engram.capture.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** capture-service settings: write limits, the outbox dispatcher, slots. */
@ConfigMapping(prefix = "engram.capture")
public interface CaptureConfig {

  /** Limits on what one request may write. */
  Limits limits();

  /** The outbox dispatcher that feeds recall-service. */
  Outbox outbox();

  /** Slots: working memory, hot context, handoffs. */
  Slots slots();

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
    /** How often the dispatcher looks for undelivered events. */
    @WithDefault("250ms")
    Duration pollInterval();

    /** Most events sent to recall-service in one call. */
    @WithDefault("256")
    int batchSize();

    /** First wait after a failed delivery; doubles per consecutive failure. */
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

    /** The BPE encoding used to count slot tokens (a jtokkit EncodingType name). */
    @WithDefault("cl100k_base")
    String encoding();
  }
}
