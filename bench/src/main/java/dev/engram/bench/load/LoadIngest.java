package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes synthetic memories {@code 0..n-1} through {@code POST /v1/memories} with concurrent
 * clients. Resumable: every finished chunk is appended to a state file ({@code start end} per
 * line), and a later run writes only what is missing, so 10k → 100k → 1M grow one set of memories.
 * An interruption can repeat at most one chunk per client.
 */
final class LoadIngest {

  static final int CHUNK = 500;

  private final EngramApi api;
  private final SentenceGenerator generator;
  private final String agent;
  private final Path stateFile;
  private final PrintStream out;
  final AtomicLong written = new AtomicLong();
  final AtomicLong firstWriteNanos = new AtomicLong(Long.MAX_VALUE);
  final AtomicLong lastWriteNanos = new AtomicLong();

  LoadIngest(
      EngramApi api, SentenceGenerator generator, String agent, Path stateFile, PrintStream out) {
    this.api = api;
    this.generator = generator;
    this.agent = agent;
    this.stateFile = stateFile;
    this.out = out;
  }

  /** Memories {@code 0..n-1} already acknowledged by an earlier run. */
  BitSet done(long n) throws IOException {
    BitSet done = new BitSet();
    if (Files.isRegularFile(stateFile)) {
      for (String line : Files.readAllLines(stateFile, StandardCharsets.UTF_8)) {
        String[] parts = line.strip().split("\\s+");
        if (parts.length == 2) {
          done.set(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        }
      }
    }
    return done.get(0, Math.toIntExact(n));
  }

  /** The missing ranges {@code [start, end)} of {@code 0..n-1}, at most CHUNK long. */
  static List<long[]> missing(BitSet done, long n) {
    List<long[]> chunks = new ArrayList<>();
    int i = done.nextClearBit(0);
    while (i < n) {
      int end = (int) Math.min(n, (i / CHUNK + 1L) * CHUNK);
      int setInside = done.nextSetBit(i);
      if (setInside >= 0 && setInside < end) {
        end = setInside;
      }
      chunks.add(new long[] {i, end});
      i = done.nextClearBit(end);
    }
    return chunks;
  }

  void run(long n, int concurrency) throws IOException, InterruptedException {
    BitSet done = done(n);
    long already = done.cardinality();
    ConcurrentLinkedQueue<long[]> queue = new ConcurrentLinkedQueue<>(missing(done, n));
    long todo = n - already;
    out.printf(
        "Ingest: %d memories wanted, %d already stored (%s), %d to write with %d clients%n",
        n, already, stateFile, todo, concurrency);
    if (todo == 0) {
      return;
    }
    Files.createDirectories(stateFile.toAbsolutePath().getParent());
    IndexWait probe = new IndexWait(api, out);
    IngestProgress progress =
        new IngestProgress(probe, out, "memory", "memories", already, n, written);
    try (ExecutorService pool = Executors.newFixedThreadPool(concurrency + 1)) {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < concurrency; w++) {
        workers.add(pool.submit(() -> work(queue)));
      }
      progress.await(workers);
    }
  }

  private Void work(ConcurrentLinkedQueue<long[]> queue) throws IOException, InterruptedException {
    long[] chunk;
    while ((chunk = queue.poll()) != null) {
      for (long i = chunk[0]; i < chunk[1]; i++) {
        ObjectNode body = body(i);
        firstWriteNanos.accumulateAndGet(System.nanoTime(), Math::min);
        api.postCapture("/v1/memories", body);
        lastWriteNanos.accumulateAndGet(System.nanoTime(), Math::max);
        written.incrementAndGet();
      }
      IngestProgress.record(stateFile, chunk[0] + " " + chunk[1]);
    }
    return null;
  }

  ObjectNode body(long i) {
    SentenceGenerator.SyntheticMemory m = generator.memory(i);
    return body(agent, m.chat(), m, i);
  }

  /** The body of synthetic memory {@code i}, {@code m}, written into {@code chat} (null: AGENT). */
  static ObjectNode body(String agent, String chat, SentenceGenerator.SyntheticMemory m, long i) {
    ObjectNode body = EngramApi.JSON.createObjectNode();
    body.put("agent", agent);
    if (chat != null) {
      body.put("chat", chat);
    }
    body.put("category", m.category());
    body.put("text", m.text());
    body.put("source", "bench");
    body.putObject("metadata").put("n", Long.toString(i));
    return body;
  }
}
