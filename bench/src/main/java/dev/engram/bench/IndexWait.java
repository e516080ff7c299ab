package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Waits until what was written is searchable: capture-service's outbox is empty (readiness {@code
 * outbox.pending_events}, deleted only after recall-service committed) and, where recall-service
 * exposes it, its index holds the expected number of documents ({@code
 * engram_recall_index_documents{kind}}), which also gives an exact time-to-indexed.
 */
public final class IndexWait {

  /**
   * capture refreshes its outbox counts every 5 s (outbox.stats-interval): a zero counts only when
   * read this long after the last change it must reflect.
   */
  private static final Duration STATS_STALENESS = Duration.ofSeconds(6);

  private static final Pattern DOCUMENTS =
      Pattern.compile(
          "^engram_recall_index_documents\\{[^}]*kind=\"([a-z]+)\"[^}]*}\\s+([0-9.eE+-]+|NaN)",
          Pattern.MULTILINE);

  private final EngramApi api;
  private final PrintStream out;

  public IndexWait(EngramApi api, PrintStream out) {
    this.api = api;
    this.out = out;
  }

  /**
   * Seconds from {@code startNanos} (a {@link System#nanoTime()}) until everything was indexed.
   *
   * @param kind {@code exchange} or {@code memory}
   * @param target documents of that kind recall must hold (baseline + what was written)
   * @param lastWriteNanos when the last write was acknowledged
   */
  public double await(
      String kind, long target, long startNanos, long lastWriteNanos, Duration timeout)
      throws IOException, InterruptedException {
    long deadline = timeout.isZero() ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
    Long reachedAt = null;
    long lastPrint = 0;
    long previousCount = -1;
    long previousAt = System.nanoTime();
    double rate = 0;
    while (true) {
      long now = System.nanoTime();
      OptionalLong count = indexedDocuments(kind);
      OptionalLong pending = outboxPending();
      boolean countOk = count.isEmpty() || count.getAsLong() >= target;
      if (countOk && reachedAt == null) {
        reachedAt = now;
      }
      long quietSince = Math.max(lastWriteNanos, reachedAt == null ? now : reachedAt);
      boolean outboxEmpty =
          pending.isPresent()
              && pending.getAsLong() == 0
              && now - quietSince >= STATS_STALENESS.toNanos();
      if (count.isPresent()) {
        if (previousCount >= 0 && now > previousAt) {
          double instant = (count.getAsLong() - previousCount) / ((now - previousAt) / 1e9);
          rate = rate == 0 ? instant : 0.7 * rate + 0.3 * instant;
        }
        previousCount = count.getAsLong();
        previousAt = now;
      }
      if (countOk && outboxEmpty) {
        double seconds =
            (count.isPresent()
                    ? reachedAt - startNanos
                    : now - startNanos - STATS_STALENESS.toNanos())
                / 1e9;
        out.printf(
            "  indexed: %s; outbox empty (%.1f s after the first write)%n",
            count.isPresent() ? count.getAsLong() + " " + kind + " documents in recall" : "?",
            seconds);
        return seconds;
      }
      if (now > deadline) {
        throw new IOException(
            "not indexed after "
                + timeout
                + ": outbox pending "
                + str(pending)
                + ", "
                + kind
                + " documents "
                + str(count)
                + "/"
                + target);
      }
      if (now - lastPrint >= 5_000_000_000L) {
        lastPrint = now;
        String eta =
            count.isPresent() && rate > 0 && !countOk
                ? String.format(", ETA %s", eta((target - count.getAsLong()) / rate))
                : "";
        out.printf(
            "  indexing: %s/%d %s documents in recall (%.0f/s), outbox pending %s%s%n",
            str(count), target, kind, rate, str(pending), eta);
      }
      Thread.sleep(1000);
    }
  }

  /** The documents of one kind in recall's index (all tenants), if its metrics say. */
  public OptionalLong indexedDocuments(String kind) {
    try {
      return documents(api.getOpen(api.target().recall(), "/q/metrics"), kind);
    } catch (IOException e) {
      return OptionalLong.empty(); // recall down or restarting: unknown this round
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    }
  }

  /** capture-service's undelivered outbox events, from its readiness details. */
  public OptionalLong outboxPending() {
    try {
      return pending(
          EngramApi.JSON.readTree(api.getOpen(api.target().capture(), "/q/health/ready")));
    } catch (IOException e) {
      return OptionalLong.empty(); // capture down or restarting: unknown this round
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    }
  }

  /** {@code engram_recall_index_documents{kind="..."}} from a Prometheus text page. */
  static OptionalLong documents(String metrics, String kind) {
    Matcher m = DOCUMENTS.matcher(metrics);
    while (m.find()) {
      if (m.group(1).equals(kind) && !m.group(2).equals("NaN")) {
        return OptionalLong.of((long) Double.parseDouble(m.group(2)));
      }
    }
    return OptionalLong.empty();
  }

  /** {@code checks[name=outbox].data.pending_events} of a SmallRye Health document. */
  static OptionalLong pending(JsonNode health) {
    for (JsonNode check : health.path("checks")) {
      long pending = check.path("data").path("pending_events").asLong(-1);
      if ("outbox".equals(check.path("name").asText()) && pending >= 0) {
        return OptionalLong.of(pending);
      }
    }
    return OptionalLong.empty();
  }

  /** {@code 45 s}, {@code 3m05s}, {@code 2h10m}. */
  public static String eta(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600
        ? String.format("%dh%02dm", s / 3600, s / 60 % 60)
        : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + " s";
  }

  private static String str(OptionalLong value) {
    return value.isPresent() ? Long.toString(value.getAsLong()) : "?";
  }
}
