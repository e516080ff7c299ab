package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Latencies;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * Closed-loop latency over HTTP: {@code concurrency} clients each send the next query as soon as
 * their previous one is answered, until {@code count} queries are done. Client-side wall time per
 * request, and the server's own {@code took_ms} where the answer has it.
 */
final class LatencyRun {

  /** What one run measured. */
  record Result(int concurrency, Latencies client, Latencies server, double seconds, long errors) {

    double throughput() {
      return client.count() / seconds;
    }
  }

  private final EngramApi api;
  private final String path;

  /** {@code path}: {@code /v1/recall} or {@code /v1/context} on recall-service. */
  LatencyRun(EngramApi api, String path) {
    this.api = api;
    this.path = path;
  }

  Result run(LongFunction<ObjectNode> body, long firstQuery, int count, int concurrency)
      throws IOException, InterruptedException {
    Latencies client = new Latencies();
    Latencies server = new Latencies();
    AtomicLong next = new AtomicLong(firstQuery);
    AtomicLong errors = new AtomicLong();
    long end = firstQuery + count;
    long start = System.nanoTime();
    try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
      List<Future<Void>> clients = new ArrayList<>();
      for (int c = 0; c < concurrency; c++) {
        clients.add(
            pool.submit(
                () -> {
                  long i;
                  while ((i = next.getAndIncrement()) < end) {
                    ObjectNode request = body.apply(i);
                    long t0 = System.nanoTime();
                    try {
                      JsonNode answer = api.postRecall(path, request);
                      client.add((System.nanoTime() - t0) / 1e6);
                      if (answer.has("took_ms")) {
                        server.add(answer.get("took_ms").asDouble());
                      }
                    } catch (EngramApi.ApiException e) {
                      if (e.status() == 404 || e.status() == 401 || e.status() == 403) {
                        throw e; // not a latency: the endpoint or the key is wrong
                      }
                      if (errors.incrementAndGet() == 1) {
                        System.err.println("  first error: " + e.getMessage());
                      }
                    }
                  }
                  return null;
                }));
      }
      for (Future<Void> f : clients) {
        try {
          f.get();
        } catch (ExecutionException e) {
          pool.shutdownNow();
          throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
      }
    }
    return new Result(concurrency, client, server, (System.nanoTime() - start) / 1e9, errors.get());
  }
}
