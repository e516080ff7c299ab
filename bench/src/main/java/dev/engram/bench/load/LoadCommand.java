package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import dev.engram.bench.Machine;
import dev.engram.bench.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code bench load}: grow a set of synthetic memories to N (resumable), wait until indexed, then
 * measure recall latency at concurrency 1 and 8, context latency, and recall-service's RSS; and/or
 * grow a set of synthetic conversation turns ({@code --exchanges}) the same way. Each figure is
 * printed beside its baselines from recall's own metrics over the same phase: the model's batch
 * embedding rate beside the end-to-end indexing rate, and BM25 alone, dense alone and the raw model
 * call beside the whole recall ({@link ServerMetrics}).
 */
public final class LoadCommand {

  public static final String USAGE =
      """
        load --memories N          ingest throughput and recall latency at N memories (10k, 100k, 1m)
        load --exchanges N         ingest throughput of N conversation turns through POST
                                   /v1/exchanges: a person and the agent alternating in each of
                                   --chats chats of --agent, 1-4 turns per request as a gateway
                                   posts them (mostly a turn and its reply); exchanges/s
                                   acknowledged and indexed beside the model's rate, and CPU per
                                   exchange per process. With --memories too, the memories go
                                   first and recall is measured after both; alone, no recall.
                                   Start the suite with ENGRAM_CAPTURE_REFLECTOR_INTERVAL=off:
                                   the Reflector then never runs, so its CPU is not counted (on,
                                   a run inside the measurement would be)
          --queries N         measured queries per concurrency level (default 1000)
          --warmup N          unmeasured queries first (default 100)
          --context-warmup N  unmeasured context requests before the measured ones (default 10;
                              the context path has its own code to compile, so a figure taken
                              after 10 is a cold server's)
          --first-calls N     the first N recalls and contexts, measured before any warm-up
                              (default 100; 0 to skip): after a fresh ./engram up, a gateway's
                              first calls (each service's uptime is printed beside them)
          --quiet-calls N     N recalls and N contexts at one call a second (default 30; 0 to
                              skip): a quiet gateway
          --k N               items per recall (default 10)
          --json FILE         also write the numbers as JSON
      """
          + SyntheticSet.FLAGS
          + SyntheticChats.FLAGS;

  private LoadCommand() {}

  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    SyntheticSet set = SyntheticSet.read(args, true);
    SyntheticChats chats = SyntheticChats.read(args, set);
    if (set.memories() == 0 && chats.exchanges() == 0) {
      throw new IllegalArgumentException(
          "--memories N or --exchanges N is required (or both), e.g. --memories 10k");
    }
    long n = set.memories();
    String agent = set.agent();
    int queries = args.integer("queries", 1000);
    int warmup = args.integer("warmup", 100);
    int contextWarmup = args.integer("context-warmup", 10);
    int firstCalls = args.integer("first-calls", 100);
    int quietCalls = args.integer("quiet-calls", 30);
    int k = args.integer("k", 10);
    String json = args.string("json", null);
    Target target = Target.resolve(args, env);
    args.finish();

    EngramApi api = new EngramApi(target, Duration.ofSeconds(60));
    IndexWait wait = new IndexWait(api, out);
    ObjectNode report = EngramApi.JSON.createObjectNode();
    report.put("memories", n);
    report.put("agent", agent);
    report.put("load_average_before", Machine.loadAverage());
    out.printf("Suite: %s; load average %s%n", target, Machine.loadAverage());

    if (n > 0) {
      IngestFigures.measure(
          api, report, "document", "automatic relations", () -> set.grow(api, report, out), out);
      OptionalLong documents = wait.indexedDocuments("memory");
      report.put("index_memory_documents", documents.orElse(-1));
      out.printf(
          "Recall index: %s memory documents (all tenants); load average %s%n",
          documents.isPresent() ? documents.getAsLong() : "?", Machine.loadAverage());
    }
    if (chats.exchanges() > 0) {
      ObjectNode node = report.putObject("exchanges");
      node.put("n", chats.exchanges());
      node.put("chats", chats.turns().chats());
      IngestFigures.measure(
          api,
          node,
          "exchange",
          "none expected with the Reflector off",
          () -> chats.grow(api, node, env, out),
          out);
      OptionalLong documents = wait.indexedDocuments("exchange");
      node.put("index_exchange_documents", documents.orElse(-1));
      out.printf(
          "Recall index: %s exchange documents (all tenants); load average %s%n",
          documents.isPresent() ? documents.getAsLong() : "?", Machine.loadAverage());
    }
    if (n > 0) {
      recallPhases(
          api,
          set.generator(),
          agent,
          new Calls(queries, warmup, contextWarmup, firstCalls, quietCalls, k),
          report,
          out);
    }

    Optional<Long> pid = target.recallPid();
    OptionalLong rss = pid.map(p -> Machine.statusKib(p, "VmRSS")).orElse(OptionalLong.empty());
    OptionalLong peak = pid.map(p -> Machine.statusKib(p, "VmHWM")).orElse(OptionalLong.empty());
    out.printf(
        "recall-service RSS %s (peak %s, pid %s); load average %s%n",
        Machine.mib(rss),
        Machine.mib(peak),
        pid.map(String::valueOf).orElse("?"),
        Machine.loadAverage());
    report.put("recall_rss_kib", rss.orElse(-1));
    report.put("recall_peak_rss_kib", peak.orElse(-1));
    report.put("load_average_after", Machine.loadAverage());
    if (json != null) {
      Files.writeString(Path.of(json), report.toPrettyString() + "\n", StandardCharsets.UTF_8);
    }
    return 0;
  }

  /** How many calls each recall phase makes. */
  private record Calls(
      int queries, int warmup, int contextWarmup, int firstCalls, int quietCalls, int k) {}

  /** First and quiet calls, then recall at concurrency 1 and 8 and context at 1. */
  private static void recallPhases(
      EngramApi api,
      SentenceGenerator generator,
      String agent,
      Calls calls,
      ObjectNode report,
      PrintStream out)
      throws IOException, InterruptedException {
    int queries = calls.queries();
    int warmup = calls.warmup();
    int k = calls.k();
    Target target = api.target();
    CallProfiles profiles = new CallProfiles(api, out);
    if (calls.firstCalls() > 0) {
      profiles.first(
          calls.firstCalls(),
          i -> recallBody(generator, agent, i, k),
          i -> ContextRequests.body(generator, agent, i),
          report);
    }
    if (calls.quietCalls() > 0) {
      profiles.quiet(
          calls.quietCalls(),
          i -> recallBody(generator, agent, i, k),
          i -> ContextRequests.body(generator, agent, i),
          report);
    }
    out.printf(
        "Warm: after %d unmeasured recalls; load average %s%n", warmup, Machine.loadAverage());
    LatencyRun recall = new LatencyRun(api, "/v1/recall");
    recall.run(i -> recallBody(generator, agent, i, k), 1_000_000_000L, warmup, 1);
    for (int c : new int[] {1, 8}) {
      ServerMetrics before = ServerMetrics.read(api);
      ProcessCpu cpuBefore = ProcessCpu.read(target.home());
      LatencyRun.Result r =
          recall.run(i -> recallBody(generator, agent, i, k), c * 10_000_000L, queries, c);
      ProcessCpu cpuAfter = ProcessCpu.read(target.home());
      print(out, "recall", r);
      ObjectNode node = report.putObject("recall_c" + c);
      put(node, r);
      ServerMetrics after = ServerMetrics.read(api);
      after.printStages(before, "recall c=" + c, out, node);
      double recalls = r.client().count();
      double model = after.modelMillis(before) / recalls;
      cpuAfter.print(cpuBefore, recalls, "recall", model, out, node.putObject("cpu_per_recall"));
    }
    int contextWarmup = calls.contextWarmup();
    Optional<ContextRun> context = context(api, generator, agent, contextWarmup, queries, out);
    if (context.isPresent()) {
      ObjectNode node = report.putObject("context_c1");
      put(node, context.get().result());
      node.put("warmup", contextWarmup);
      ObjectNode cpu = node.putObject("cpu_per_context");
      context
          .get()
          .cpuAfter()
          .print(
              context.get().cpuBefore(),
              context.get().result().client().count(),
              "context",
              Double.NaN,
              out,
              cpu);
    } else {
      report.put("context_c1", "unavailable");
    }
  }

  static ObjectNode recallBody(SentenceGenerator generator, String agent, long i, int k) {
    SentenceGenerator.SyntheticQuery q = generator.query(i);
    ObjectNode body = EngramApi.JSON.createObjectNode();
    body.put("agent", agent);
    body.put("chat", q.chat());
    body.put("query", q.query());
    body.put("k", k);
    return body;
  }

  /** The measured contexts and the suite's CPU around them (the warm-up is outside). */
  private record ContextRun(LatencyRun.Result result, ProcessCpu cpuBefore, ProcessCpu cpuAfter) {}

  /** {@code POST /v1/context} p95 at concurrency 1, if recall-service has the endpoint. */
  private static Optional<ContextRun> context(
      EngramApi api,
      SentenceGenerator generator,
      String agent,
      int warmup,
      int queries,
      PrintStream out)
      throws IOException, InterruptedException {
    LatencyRun run = new LatencyRun(api, "/v1/context");
    try {
      run.run(i -> ContextRequests.body(generator, agent, i), 2_000_000_000L, warmup, 1);
    } catch (EngramApi.ApiException e) {
      out.println("context: not measured, " + e.getMessage());
      return Optional.empty();
    }
    ProcessCpu before = ProcessCpu.read(api.target().home());
    LatencyRun.Result r =
        run.run(i -> ContextRequests.body(generator, agent, i), 3_000_000_000L, queries, 1);
    ProcessCpu after = ProcessCpu.read(api.target().home());
    print(out, "context (after " + warmup + " unmeasured)", r);
    return Optional.of(new ContextRun(r, before, after));
  }

  private static void print(PrintStream out, String what, LatencyRun.Result r) {
    out.printf(
        "%s at concurrency %d: %s over HTTP; server took_ms %s; %.0f requests/s%s%n",
        what,
        r.concurrency(),
        r.client().summary(),
        r.server().summary(),
        r.throughput(),
        r.errors() > 0 ? "; " + r.errors() + " errors" : "");
  }

  private static void put(ObjectNode node, LatencyRun.Result r) {
    node.put("concurrency", r.concurrency());
    node.put("n", r.client().count());
    node.put("p50_ms", r.client().percentile(50));
    node.put("p95_ms", r.client().percentile(95));
    node.put("p99_ms", r.client().percentile(99));
    node.put("server_p50_ms", r.server().percentile(50));
    node.put("server_p95_ms", r.server().percentile(95));
    node.put("server_p99_ms", r.server().percentile(99));
    node.put("requests_per_second", r.throughput());
    node.put("errors", r.errors());
  }
}
