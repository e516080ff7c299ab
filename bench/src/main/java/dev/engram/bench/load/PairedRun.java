package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.Latencies;
import dev.engram.bench.Machine;
import java.io.IOException;

/**
 * The same work done two ways (an MCP tool call and its REST baseline), one call at a time and in
 * alternation, so both see the same load on a shared machine; which goes first alternates too, so
 * neither always finds the other's warm caches. Client wall time per call, and the server's own
 * {@code took_ms} where the answer has it.
 */
final class PairedRun {

  /** Call {@code i} of one side; its parsed answer. */
  interface Call {
    JsonNode call(long i) throws IOException, InterruptedException;
  }

  /** One side's timings. */
  record Side(Latencies client, Latencies server) {
    Side() {
      this(new Latencies(), new Latencies());
    }
  }

  /** Both sides, and the load average before and after. */
  record Result(Side mcp, Side rest, String loadBefore, String loadAfter) {}

  private PairedRun() {}

  static Result run(Call mcp, Call rest, long first, int count)
      throws IOException, InterruptedException {
    String before = Machine.loadAverage();
    Side m = new Side();
    Side r = new Side();
    for (long i = first; i < first + count; i++) {
      if (i % 2 == 0) {
        time(mcp, i, m);
        time(rest, i, r);
      } else {
        time(rest, i, r);
        time(mcp, i, m);
      }
    }
    return new Result(m, r, before, Machine.loadAverage());
  }

  private static void time(Call call, long i, Side side) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    JsonNode answer = call.call(i);
    side.client().add((System.nanoTime() - t0) / 1e6);
    if (answer != null && answer.has("took_ms")) {
      side.server().add(answer.get("took_ms").asDouble());
    }
  }
}
