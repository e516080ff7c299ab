package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * The synthetic conversations of {@code bench load --exchanges N}: N turns over the memories' chats
 * of the same agent and seed ({@link SyntheticTurns}), grown like the memories (the same {@code
 * --concurrency}, {@code --index-timeout} and {@code --skip-ingest}) with a state file of their
 * own.
 */
record SyntheticChats(SyntheticSet set, SyntheticTurns turns, String stateFlag, long exchanges) {

  static final String FLAGS =
      """
          --exchange-state F  resume file of the turns (default
                              $ENGRAM_HOME/bench/exchanges-<agent>-<seed>.state)
      """;

  /** The variable that turns the Reflector off, and the value that does. */
  static final String REFLECTOR = "ENGRAM_CAPTURE_REFLECTOR_INTERVAL";

  /** The turns of {@code --exchanges N} (0 when not given), over the chats of {@code set}. */
  static SyntheticChats read(Args args, SyntheticSet set) {
    long exchanges = args.number("exchanges", 0);
    if (exchanges < 0) {
      throw new IllegalArgumentException("--exchanges N is a number of turns, e.g. 10k");
    }
    return new SyntheticChats(
        set,
        new SyntheticTurns(set.generator(), set.agent()),
        args.string("exchange-state", null),
        exchanges);
  }

  Path stateFile(Path home) {
    return stateFlag != null
        ? Path.of(stateFlag)
        : home.resolve("bench").resolve("exchanges-" + set.agent() + "-" + set.seed() + ".state");
  }

  /**
   * Writes what is missing of the turns (none with {@code --skip-ingest}), then waits until recall
   * has indexed them; the rates go into {@code node.ingest}, with the requests and what capture did
   * not store as new turns (repeats, quarantined) beside them.
   */
  void grow(EngramApi api, ObjectNode node, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    if (set.skipIngest()) {
      return;
    }
    String reflector = env.getOrDefault(REFLECTOR, "");
    out.println(
        reflector.equals("off")
            ? "Exchanges: the Reflector is off (" + REFLECTOR + "=off), its CPU is not counted"
            : "Exchanges: "
                + REFLECTOR
                + " is not off in this shell: a Reflector run inside the measurement would count (default"
                + " every 15m; start the suite with it off to measure the turns alone)");
    node.put("reflector_interval", reflector.isEmpty() ? "default" : reflector);
    IngestFigures figures = new IngestFigures(api, "exchange", "exchanges", out);
    ExchangeIngest ingest = new ExchangeIngest(api, turns, stateFile(api.target().home()), out);
    ingest.run(exchanges, set.concurrency());
    long w = ingest.written.get();
    long requests = ingest.requests.get();
    long repeats = ingest.duplicates.get();
    long quarantined = ingest.quarantined.get();
    if (w > 0) {
      out.printf(
          "  %d requests of 1-4 turns (%.2f per request); %d repeats (stored once), %d quarantined"
              + " (not indexed), %d memories from explicit remember%n",
          requests, (double) w / requests, repeats, quarantined, ingest.remembered.get());
    }
    ObjectNode ingestNode = node.putObject("ingest");
    figures.finish(
        w,
        w - repeats - quarantined,
        ingest.firstWriteNanos.get(),
        ingest.lastWriteNanos.get(),
        set.indexTimeout(),
        ingestNode);
    ingestNode.put("requests", requests);
    ingestNode.put("repeats", repeats);
    ingestNode.put("quarantined", quarantined);
    ingestNode.put("remembered", ingest.remembered.get());
  }
}
