package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes synthetic turns through {@code POST /v1/exchanges} with concurrent clients, each chat's
 * requests one after another and in order, as its gateway would: a client takes a chat, posts its
 * next request, and hands the chat back. Resumable: after every request the chat's acknowledged
 * prefix is appended to a state file ({@code chat turns} per line), and a later run posts only the
 * turns after it. An interruption can repeat at most one request per client.
 */
final class ExchangeIngest {

  /** A chat's turns still to post: {@code [next, end)}. */
  private static final class Cursor {
    final int chat;
    long next;
    final long end;

    Cursor(int chat, long next, long end) {
      this.chat = chat;
      this.next = next;
      this.end = end;
    }
  }

  private final EngramApi api;
  private final SyntheticTurns turns;
  private final Path stateFile;
  private final PrintStream out;
  final AtomicLong written = new AtomicLong();
  final AtomicLong requests = new AtomicLong();
  final AtomicLong duplicates = new AtomicLong();
  final AtomicLong quarantined = new AtomicLong();
  final AtomicLong remembered = new AtomicLong();
  final AtomicLong firstWriteNanos = new AtomicLong(Long.MAX_VALUE);
  final AtomicLong lastWriteNanos = new AtomicLong();
  private volatile boolean failed;

  ExchangeIngest(EngramApi api, SyntheticTurns turns, Path stateFile, PrintStream out) {
    this.api = api;
    this.turns = turns;
    this.stateFile = stateFile;
    this.out = out;
  }

  /** Chat name → the turns an earlier run had acknowledged there (the longest prefix recorded). */
  static Map<String, Long> done(List<String> stateLines) {
    Map<String, Long> done = new HashMap<>();
    for (String line : stateLines) {
      String[] parts = line.strip().split("\\s+");
      if (parts.length == 2) {
        done.merge(parts[0], Long.parseLong(parts[1]), Math::max);
      }
    }
    return done;
  }

  /** Each chat's turns still to post for {@code n} in all; chats with none are left out. */
  static List<long[]> missing(SyntheticTurns turns, Map<String, Long> done, long n) {
    List<long[]> missing = new ArrayList<>();
    for (int c = 0; c < turns.chats(); c++) {
      long end = turns.turnsIn(c, n);
      long from = Math.min(end, done.getOrDefault(SentenceGenerator.chat(c), 0L));
      if (from < end) {
        missing.add(new long[] {c, from, end});
      }
    }
    return missing;
  }

  void run(long n, int concurrency) throws IOException, InterruptedException {
    Map<String, Long> done =
        done(
            Files.isRegularFile(stateFile)
                ? Files.readAllLines(stateFile, StandardCharsets.UTF_8)
                : List.of());
    LinkedBlockingQueue<Cursor> queue = new LinkedBlockingQueue<>();
    long todo = 0;
    for (long[] m : missing(turns, done, n)) {
      queue.add(new Cursor((int) m[0], m[1], m[2]));
      todo += m[2] - m[1];
    }
    long already = n - todo;
    int clients = Math.min(concurrency, queue.size());
    out.printf(
        "Ingest: %d exchanges wanted over %d chats, %d already stored (%s), %d to write with %d"
            + " clients, one request per chat at a time%n",
        n, turns.chats(), already, stateFile, todo, clients);
    if (todo == 0) {
      return;
    }
    Files.createDirectories(stateFile.toAbsolutePath().getParent());
    AtomicInteger open = new AtomicInteger(queue.size());
    IndexWait probe = new IndexWait(api, out);
    IngestProgress progress =
        new IngestProgress(probe, out, "exchange", "exchanges", already, n, written);
    try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < clients; w++) {
        workers.add(pool.submit(() -> work(queue, open)));
      }
      progress.await(workers);
    }
  }

  private Void work(LinkedBlockingQueue<Cursor> queue, AtomicInteger open)
      throws IOException, InterruptedException {
    while (open.get() > 0 && !failed) {
      Cursor c = queue.poll(50, TimeUnit.MILLISECONDS);
      if (c == null) {
        continue; // every open chat is with another client
      }
      long to = turns.batchEnd(c.chat, c.next, c.end);
      try {
        post(c.chat, c.next, to);
        IngestProgress.record(stateFile, SentenceGenerator.chat(c.chat) + " " + to);
      } catch (IOException | RuntimeException e) {
        failed = true; // the others stop too: this chat never comes back to the queue
        throw e;
      }
      c.next = to;
      if (c.next < c.end) {
        queue.add(c);
      } else {
        open.decrementAndGet();
      }
    }
    return null;
  }

  private void post(int chat, long from, long to) throws IOException, InterruptedException {
    firstWriteNanos.accumulateAndGet(System.nanoTime(), Math::min);
    JsonNode answer = api.postCapture("/v1/exchanges", turns.body(chat, from, to));
    lastWriteNanos.accumulateAndGet(System.nanoTime(), Math::max);
    JsonNode items = answer.path("items");
    if (items.size() != to - from) {
      throw new IOException("capture stored " + items.size() + " of " + (to - from) + " turns");
    }
    for (JsonNode item : items) {
      if (item.path("duplicate").asBoolean()) {
        duplicates.incrementAndGet();
      } else if ("QUARANTINED".equals(item.path("status").asText())) {
        quarantined.incrementAndGet();
      }
      remembered.addAndGet(item.path("memory_ids").size());
    }
    written.addAndGet(to - from);
    requests.incrementAndGet();
  }
}
