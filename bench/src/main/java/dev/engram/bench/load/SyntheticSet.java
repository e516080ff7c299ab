package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
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
    return read(args, false);
  }

  /**
   * As {@link #read(Args)}; with {@code optional}, {@code --memories} may be left out (a set of 0
   * memories, which {@code bench load --exchanges} alone uses for the flags they share).
   */
  static SyntheticSet read(Args args, boolean optional) {
    long memories = args.number("memories", optional ? 0 : -1);
    if (memories < 0 || memories == 0 && !optional || memories > Integer.MAX_VALUE) {
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
    IngestFigures figures = new IngestFigures(api, "memory", "memories", out);
    LoadIngest ingest = new LoadIngest(api, generator, agent, stateFile(api.target().home()), out);
    ingest.run(memories, concurrency);
    long w = ingest.written.get();
    figures.finish(
        w,
        w,
        ingest.firstWriteNanos.get(),
        ingest.lastWriteNanos.get(),
        indexTimeout,
        report.putObject("ingest"));
  }
}
