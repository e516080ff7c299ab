package dev.engram.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./engram reindex}: rebuilds the key's tenant's projections (recall's index, graph's graph,
 * or both) from the record with capture-service's {@code POST /v1/admin/reindex}, then follows the
 * tenant's outbox backlog ({@code GET /v1/stats}) until it is drained. The backlog is every pending
 * write of the tenant, not only the rebuild's: it is what "the index holds the record" means.
 */
final class ReindexCommand {

  /** A projection capture rebuilds, as its REST names it. */
  enum Target {
    RECALL,
    GRAPH;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final MemoryCommands memory;
  private final PrintStream out;
  private final long pollMillis;

  ReindexCommand(MemoryCommands memory, PrintStream out, long pollMillis) {
    this.memory = memory;
    this.out = out;
    this.pollMillis = pollMillis;
  }

  int run(CallOptions call, Target target, boolean noWait, Integer timeoutSeconds)
      throws InterruptedException {
    long timeout = MemoryCommands.atLeastOne("--timeout", timeoutSeconds, 600);
    String path = "/v1/admin/reindex" + (target == null ? "" : "?target=" + target);
    boolean json = call.json;
    call.json = false; // the answers are read here; with --json the first is printed at the end
    SuiteCalls calls = memory.calls(call);
    ServiceClient.Reply started = calls.call(Component.CAPTURE, c -> c.post(path, null));
    Map<String, Object> queued = started.map();
    List<String> targets = new ArrayList<>();
    ServiceClient.asList(queued.get("targets")).forEach(t -> targets.add(String.valueOf(t)));
    if (!json) {
      out.printf(
          "Reindexing tenant %s (%s): %s memories, %s exchanges, %s facts, %s relations queued%n",
          queued.get("tenant"),
          String.join(", ", targets),
          Format.number(queued.get("memories")),
          Format.number(queued.get("exchanges")),
          Format.number(queued.get("facts")),
          Format.number(queued.get("relations")));
    }
    int code = noWait ? 0 : follow(calls, targets, timeout, json);
    if (json) {
      out.println(started.text().strip());
    }
    return code;
  }

  /** Polls the tenant's outbox until nothing is pending for the targets, or the time is up. */
  private int follow(SuiteCalls calls, List<String> targets, long timeoutSeconds, boolean quiet)
      throws InterruptedException {
    long began = System.nanoTime();
    long deadline = began + timeoutSeconds * 1_000_000_000L;
    String last = null;
    while (true) {
      Map<String, Object> outbox =
          ServiceClient.asMap(
              calls.callForMap(Component.CAPTURE, c -> c.get("/v1/stats")).get("outbox"));
      long pending = 0;
      List<String> parts = new ArrayList<>();
      for (String t : targets) {
        Map<String, Object> counts = ServiceClient.asMap(outbox.get(t));
        pending += Format.longValue(counts.get("pending"));
        parts.add(
            t
                + " pending "
                + Format.number(counts.get("pending"))
                + ", dead "
                + Format.number(counts.get("dead")));
      }
      String line = String.join("; ", parts);
      if (!quiet && !line.equals(last)) {
        out.println("  outbox " + line);
        last = line;
      }
      if (pending == 0) {
        if (!quiet) {
          out.printf(
              Locale.ROOT,
              "Done in %.1f s: %s rebuilt from the record%n",
              (System.nanoTime() - began) / 1e9,
              String.join(" and ", targets));
        }
        return 0;
      }
      if (System.nanoTime() > deadline) {
        throw new ServiceClient.ServiceFailure(
            "still "
                + pending
                + " writes pending after "
                + timeoutSeconds
                + " s (./engram stats shows the outbox; the rebuild goes on in the background)");
      }
      Thread.sleep(pollMillis);
    }
  }
}
