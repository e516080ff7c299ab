package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One set of synthetic memories, as {@code bench load} and {@code bench mcp} grow it: its agent,
 * its generator, the state file that makes growing it resumable, and how far and how fast to grow
 * it. Both commands read the same flags with the same defaults, so they grow and measure the same
 * memories.
 */
record SyntheticSet(
    String agent,
    long seed,
    SentenceGenerator generator,
    String stateFlag,
    long memories,
    int concurrency,
    Duration indexTimeout,
    boolean skipIngest) {

  static final String FLAGS =
      """
          --agent NAME        agent owning the synthetic memories (default load)
          --seed N            generator seed (default 42); same seed + agent = same memories
          --chats N           chats the CHAT-scoped share is spread over (default 20)
          --chat-share X      share of CHAT memories, the rest AGENT (default 0.1)
          --concurrency N     ingest clients (default 8)
          --state FILE        resume file (default $ENGRAM_HOME/bench/load-<agent>-<seed>.state)
          --index-timeout S   seconds to wait for indexing (default 0: no limit)
          --skip-ingest       measure only (whatever is stored)
      """;

  /** The set of {@code --memories N} and the flags above. */
  static SyntheticSet read(Args args) {
    long memories = args.number("memories", -1);
    if (memories <= 0 || memories > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--memories N is required (1 .. 2^31-1), e.g. 10k");
    }
    String agent = args.string("agent", "load");
    long seed = args.number("seed", 42);
    int chats = args.integer("chats", 20);
    double chatShare = args.decimal("chat-share", 0.1);
    return new SyntheticSet(
        agent,
        seed,
        new SentenceGenerator(seed, chats, chatShare),
        args.string("state", null),
        memories,
        args.integer("concurrency", 8),
        Duration.ofSeconds(args.number("index-timeout", 0)),
        args.flag("skip-ingest"));
  }

  Path stateFile(Path home) {
    return stateFlag != null
        ? Path.of(stateFlag)
        : home.resolve("bench").resolve("load-" + agent + "-" + seed + ".state");
  }

  /**
   * Writes what is missing of the set's memories (none with {@code --skip-ingest}), then waits
   * until recall has indexed them; the rates go into {@code report.ingest}.
   */
  void grow(EngramApi api, ObjectNode report, PrintStream out)
      throws IOException, InterruptedException {
    if (skipIngest) {
      return;
    }
    long n = memories;
    IndexWait wait = new IndexWait(api, out);
    long baseline = wait.indexedDocuments("memory").orElse(0);
    LoadIngest ingest = new LoadIngest(api, generator, agent, stateFile(api.target().home()), out);
    long throttledBefore = api.rateLimited();
    double throttledSecondsBefore = api.rateLimitedSeconds();
    ingest.run(n, concurrency);
    long w = ingest.written.get();
    ObjectNode node = report.putObject("ingest");
    node.put("written", w);
    long throttled = api.rateLimited() - throttledBefore;
    node.put("rate_limited", throttled);
    node.put("throttled", throttled > 0);
    if (w == 0) {
      return;
    }
    double ack = (ingest.lastWriteNanos.get() - ingest.firstWriteNanos.get()) / 1e9;
    if (throttled > 0) {
      // A throttled rate is the key's writes bucket, not the suite: never print it bare.
      out.printf(
          "  THROTTLED: %d answers were 429 (rate limited), %.0f s waited out over the clients;"
              + " the rates below are the key's writes limit, not the suite's. Raise"
              + " ENGRAM_RATE_LIMIT_WRITES_PER_MINUTE / _BURST (bench/README.md) to measure the"
              + " suite%n",
          throttled, api.rateLimitedSeconds() - throttledSecondsBefore);
    }
    out.printf(
        "  acknowledged %d memories in %.1f s: %.0f memories/s%s%n",
        w, ack, w / ack, throttled > 0 ? " (THROTTLED by the rate limit)" : "");
    double indexed =
        wait.await(
            "memory",
            baseline + w,
            ingest.firstWriteNanos.get(),
            ingest.lastWriteNanos.get(),
            indexTimeout);
    out.printf(
        "  indexed %d memories %.1f s after the first write: %.0f memories/s%s%n",
        w, indexed, w / indexed, throttled > 0 ? " (THROTTLED by the rate limit)" : "");
    node.put("acknowledged_seconds", ack);
    node.put("acknowledged_per_second", w / ack);
    node.put("indexed_seconds", indexed);
    node.put("indexed_per_second", w / indexed);
  }
}
