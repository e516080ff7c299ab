package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Latencies;
import dev.engram.bench.Machine;
import dev.engram.bench.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bench mcp}: MCP tool-call round trips at N memories. Grows the same synthetic set as
 * {@code bench load}, connects the official MCP Java SDK client to recall-service's {@code POST
 * /mcp} and times MicroClaw's {@code memory_query} context op and Engram's {@code recall} tool,
 * each in alternation with the same work over REST, one call at a time.
 */
public final class McpCommand {

  public static final String USAGE =
      """
        mcp --memories N           MCP tool-call latency (memory_query context, recall) at N
                                   memories, each beside its REST baseline
          --calls N           measured calls per tool and per baseline (default 200)
          --warmup N          unmeasured calls first (default 20)
          --k N               items per recall (default 10)
          --microclaw-chats N MicroClaw chat ids 1..N asked in turn (default 5)
          --seed-memories N   memories seeded into each of those chats when empty (default 20)
          --limit N           memory_query context limit (default 100)
          --json FILE         also write the numbers as JSON
      """
          + SyntheticSet.FLAGS;

  private McpCommand() {}

  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    SyntheticSet set = SyntheticSet.read(args);
    long n = set.memories();
    int calls = positive(args, "calls", 200);
    int warmup = args.integer("warmup", 20);
    int k = positive(args, "k", 10);
    int chats = positive(args, "microclaw-chats", 5);
    int perChat = positive(args, "seed-memories", 20);
    int limit = positive(args, "limit", 100);
    String json = args.string("json", null);
    Target target = Target.resolve(args, env);
    args.finish();

    EngramApi api = new EngramApi(target, Duration.ofSeconds(60));
    ObjectNode report = EngramApi.JSON.createObjectNode();
    report.put("memories", n);
    report.put("agent", set.agent());
    report.put("calls", calls);
    out.printf("Suite: %s; load average %s%n", target, Machine.loadAverage());
    set.grow(api, report, out);
    try (MicroClawContext microclaw = new MicroClawContext(api, set, chats, limit);
        McpTools mcp = new McpTools(target, set.agent(), Duration.ofSeconds(60))) {
      microclaw.seed(perChat, out);
      out.printf(
          "MCP: %s/mcp, protocol %s, agent %s (header %s)%n",
          target.recall(), mcp.initialize(), set.agent(), McpTools.AGENT_HEADER);
      List<String> tools = mcp.toolNames();
      if (!tools.containsAll(List.of("memory_query", "recall"))) {
        throw new IOException("recall-service's /mcp lacks memory_query or recall: " + tools);
      }
      int rows = mcp.call("memory_query", microclaw.arguments(0)).size();
      out.printf("memory_query context of chat_id 1 answers %d rows%n", rows);
      report.put("context_rows_chat_1", rows);

      PairedRun.Call contextMcp = i -> mcp.call("memory_query", microclaw.arguments(i));
      PairedRun.run(contextMcp, microclaw::rest, 0, warmup);
      PairedRun.Result context = PairedRun.run(contextMcp, microclaw::rest, warmup, calls);
      print(
          out,
          "memory_query {op: context, chat_id: 1.." + chats + ", limit: " + limit + "}",
          "GET /v1/memories?min_confidence&unexpired&order=updated, the chat's and the agent's"
              + " newest page at once",
          context);
      put(report.putObject("memory_query_context"), context);
      // The reference: what the op read before capture filtered and ordered for it.
      PairedRun.Result everyRow = PairedRun.run(contextMcp, microclaw::everyRow, 0, calls);
      print(
          out,
          "memory_query context again, beside the op's former read",
          "GET /v1/memories, every page of the chat's and of the agent's memories at once",
          everyRow);
      put(report.putObject("memory_query_context_vs_every_row"), everyRow);

      PairedRun.Call recallMcp =
          i ->
              mcp.call(
                  "recall", LoadCommand.recallBody(set.generator(), set.agent(), i, k).toString());
      PairedRun.Call recallRest =
          i ->
              api.postRecall(
                  "/v1/recall", LoadCommand.recallBody(set.generator(), set.agent(), i, k));
      PairedRun.run(recallMcp, recallRest, 5_000_000_000L, warmup);
      PairedRun.Result recall = PairedRun.run(recallMcp, recallRest, 6_000_000_000L, calls);
      print(out, "recall {k: " + k + "}", "POST /v1/recall, the same body", recall);
      put(report.putObject("recall"), recall);
    }
    if (json != null) {
      Files.writeString(Path.of(json), report.toPrettyString() + "\n", StandardCharsets.UTF_8);
    }
    return 0;
  }

  private static int positive(Args args, String name, int fallback) {
    int value = args.integer(name, fallback);
    if (value < 1) {
      throw new IllegalArgumentException("--" + name + " must be at least 1");
    }
    return value;
  }

  private static void print(PrintStream out, String tool, String baseline, PairedRun.Result r) {
    out.printf("%s; load average %s -> %s%n", tool, r.loadBefore(), r.loadAfter());
    out.printf("  MCP tools/call  %s%s%n", figures(r.mcp().client()), server(r.mcp()));
    out.printf(
        "  REST baseline   %s%s  (%s)%n", figures(r.rest().client()), server(r.rest()), baseline);
    out.printf(
        Locale.ROOT,
        "  MCP minus REST  p50 %+.1f ms, p95 %+.1f ms%n",
        r.mcp().client().percentile(50) - r.rest().client().percentile(50),
        r.mcp().client().percentile(95) - r.rest().client().percentile(95));
  }

  static String figures(Latencies l) {
    return String.format(
        Locale.ROOT,
        "p50 %.1f ms, p95 %.1f ms, max %.1f ms (n=%d)",
        l.percentile(50),
        l.percentile(95),
        l.percentile(100),
        l.count());
  }

  private static String server(PairedRun.Side side) {
    return side.server().count() == 0
        ? ""
        : String.format(
            Locale.ROOT,
            "; server took_ms p50 %.1f, p95 %.1f",
            side.server().percentile(50),
            side.server().percentile(95));
  }

  private static void put(ObjectNode node, PairedRun.Result r) {
    node.set("mcp", EngramApi.JSON.valueToTree(r.mcp().client().toMap()));
    node.set("rest_baseline", EngramApi.JSON.valueToTree(r.rest().client().toMap()));
    if (r.mcp().server().count() > 0) {
      node.set("mcp_server_took", EngramApi.JSON.valueToTree(r.mcp().server().toMap()));
      node.set("rest_server_took", EngramApi.JSON.valueToTree(r.rest().server().toMap()));
    }
    node.put("load_average_before", r.loadBefore());
    node.put("load_average_after", r.loadAfter());
  }
}
