package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import dev.engram.bench.Machine;
import dev.engram.bench.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code bench locomo}: ingest a LoCoMo-format file through capture-service, wait until it is
 * indexed, ask every question through recall-service, write RESULTS.jsonl and print the metrics.
 */
public final class LocomoCommand {

  public static final String USAGE =
      """
        locomo --data FILE --out RESULTS.jsonl   retrieval quality on LoCoMo-format data
          --agent NAME        agent of the conversations (default locomo); chat = sample_id.
                              Chats already holding the file's turns are reused, not re-written
          --k N               items per question (default 50)
          --batch N           exchanges per POST /v1/exchanges (default 100)
          --concurrency N     conversations ingested / questions asked in parallel (default 2)
          --reflector MODE    run: run capture's Reflector over each chat after ingesting, so
                              its memories are recalled too (default); skip: don't
          --conversations A,B ingest and ask only these conversations (sample_ids; default all)
          --crowd MODE        others: also store the file's other conversations in their own
                              chats of the same tenant, without asking their questions (a
                              crowded tenant); none: don't (default)
          --index-timeout S   seconds to wait for indexing (default 1800)
          --reflector-timeout S  seconds one chat's Reflector run may take (default 1800; a
                              long chat on a busy machine outlasts the 60 s of other calls)
          --json FILE         also write the metrics (and ingest and latency numbers) as JSON
      """;

  private LocomoCommand() {}

  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    Path data = args.path("data");
    Path results = args.path("out");
    String agent = args.string("agent", "locomo");
    int k = args.integer("k", 50);
    int batch = args.integer("batch", 100);
    int concurrency = args.integer("concurrency", 2);
    Duration indexTimeout = Duration.ofSeconds(args.number("index-timeout", 1800));
    Duration reflectorTimeout = Duration.ofSeconds(args.number("reflector-timeout", 1800));
    String reflector = args.string("reflector", "run");
    if (!reflector.equals("run") && !reflector.equals("skip")) {
      throw new IllegalArgumentException("--reflector is run or skip, not " + reflector);
    }
    String json = args.string("json", null);
    String only = args.string("conversations", null);
    String crowd = args.string("crowd", "none");
    if (!crowd.equals("others") && !crowd.equals("none")) {
      throw new IllegalArgumentException("--crowd is others or none, not " + crowd);
    }
    Target target = Target.resolve(args, env);
    args.finish();

    List<LocomoData.Conversation> file = LocomoData.read(data);
    List<LocomoData.Conversation> conversations = LocomoData.select(file, only);
    List<LocomoData.Conversation> stored =
        crowd.equals("others") ? file : conversations; // the crowd is stored, never asked
    int turns = conversations.stream().mapToInt(LocomoData.Conversation::turnCount).sum();
    int questions = conversations.stream().mapToInt(c -> c.questions().size()).sum();
    out.printf(
        "%s: %d conversations, %d turns, %d questions; suite: %s; load average %s%n",
        data, conversations.size(), turns, questions, target, Machine.loadAverage());
    EngramApi api = new EngramApi(target, Duration.ofSeconds(60));
    IndexWait wait = new IndexWait(api, out);
    long baseline = wait.indexedDocuments("exchange").orElse(0);

    out.println(
        "Ingesting (agent "
            + agent
            + ", one chat per conversation"
            + (stored.size() > conversations.size()
                ? "; " + (stored.size() - conversations.size()) + " more only to crowd the tenant)"
                : ")"));
    long start = System.nanoTime();
    LocomoIngest ingest = new LocomoIngest(api, out, agent, batch);
    ingest.run(stored, concurrency);
    int written = ingest.written.get();
    double ackSeconds =
        written == 0 ? 0 : (ingest.lastWriteNanos.get() - ingest.firstWriteNanos.get()) / 1e9;
    if (written > 0) {
      out.printf(
          "  acknowledged %d exchanges in %.1f s: %.0f exchanges/s (batches of %d, %d chats in"
              + " parallel)%n",
          written, ackSeconds, written / ackSeconds, batch, concurrency);
    }
    long first = written == 0 ? start : ingest.firstWriteNanos.get();
    double indexedSeconds =
        wait.await(
            "exchange",
            baseline + written,
            first,
            written == 0 ? start : ingest.lastWriteNanos.get(),
            indexTimeout);
    if (written > 0) {
      out.printf(
          "  indexed %d exchanges %.1f s after the first write: %.0f exchanges/s end to end%n",
          written, indexedSeconds, written / indexedSeconds);
    }
    int reflected = -1;
    if (reflector.equals("run")) {
      out.println("Running the Reflector over each chat");
      long reflectStart = System.nanoTime();
      reflected =
          new ReflectorTrigger(new EngramApi(target, reflectorTimeout), out).run(agent, stored);
      if (reflected >= 0) {
        long reflectEnd = System.nanoTime();
        wait.await(
            "memory",
            wait.indexedDocuments("memory").orElse(0),
            reflectStart,
            reflectEnd,
            indexTimeout);
      }
    }

    out.printf("Asking %d questions (k = %d, %d in parallel)%n", questions, k, concurrency);
    LocomoQuestions asker = new LocomoQuestions(api, agent, k, ingest.diaIdOfExchange);
    List<ResultLine> lines = asker.ask(conversations, concurrency);
    write(results, lines);
    out.printf(
        "  wrote %s; recall over HTTP %s; server took_ms %s%n",
        results, asker.clientMillis.summary(), asker.serverMillis.summary());
    SkippedSignals skipped = SkippedSignals.of(lines);
    skipped.print(out);
    out.println();
    RetrievalMetrics.Report report = RetrievalMetrics.score(conversations, lines);
    MetricsTable.print(report, out);
    if (json != null) {
      ObjectNode root = MetricsTable.json(report);
      ObjectNode ingestNode = root.putObject("ingest");
      ingestNode.put("written", written);
      ingestNode.put("reused", ingest.reused.get());
      ingestNode.put("acknowledged_seconds", ackSeconds);
      ingestNode.put("indexed_seconds", indexedSeconds);
      ingestNode.put("reflector_inserted", reflected);
      ObjectNode latency = root.putObject("recall_ms");
      latency.put("p50", asker.clientMillis.percentile(50));
      latency.put("p95", asker.clientMillis.percentile(95));
      latency.put("server_p95", asker.serverMillis.percentile(95));
      root.set("skipped_signals", skipped.json());
      Files.writeString(Path.of(json), root.toPrettyString() + "\n", StandardCharsets.UTF_8);
    }
    return 0;
  }

  static void write(Path file, List<ResultLine> lines) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (ResultLine line : lines) {
        w.write(line.toJson());
        w.write('\n');
      }
    }
  }
}
