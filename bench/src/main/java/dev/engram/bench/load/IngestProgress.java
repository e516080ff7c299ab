package dev.engram.bench.load;

import dev.engram.bench.IndexWait;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the resumable ingests (memories, exchanges) share: the state file that says what is
 * acknowledged, and waiting for the writers with a progress line every 10 s.
 */
final class IngestProgress {

  private final IndexWait probe;
  private final PrintStream out;
  private final String kind;
  private final String plural;
  private final long already;
  private final long n;
  private final AtomicLong written;
  private final long start = System.nanoTime();

  /**
   * @param kind the document kind recall's index counts ({@code memory}, {@code exchange})
   * @param plural what the progress line calls them
   * @param already of {@code n}, acknowledged by an earlier run
   * @param written acknowledged by this run, counted by the writers
   */
  IngestProgress(
      IndexWait probe,
      PrintStream out,
      String kind,
      String plural,
      long already,
      long n,
      AtomicLong written) {
    this.probe = probe;
    this.out = out;
    this.kind = kind;
    this.plural = plural;
    this.already = already;
    this.n = n;
    this.written = written;
  }

  /** Appends one line to the state file once what it names is acknowledged; writers take turns. */
  static synchronized void record(Path stateFile, String line) throws IOException {
    Files.writeString(
        stateFile,
        line + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /** Waits for the writers, printing progress every 10 s; a writer's failure is thrown here. */
  void await(List<Future<?>> workers) throws IOException, InterruptedException {
    long lastPrint = System.nanoTime();
    while (!workers.stream().allMatch(Future::isDone)) {
      Thread.sleep(250);
      if (System.nanoTime() - lastPrint >= 10_000_000_000L) {
        lastPrint = System.nanoTime();
        print();
      }
    }
    for (Future<?> worker : workers) {
      try {
        worker.get();
      } catch (ExecutionException e) {
        throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      }
    }
  }

  private void print() {
    double seconds = (System.nanoTime() - start) / 1e9;
    long w = written.get();
    double rate = w / seconds;
    var indexed = probe.indexedDocuments(kind);
    var pending = probe.outboxPending();
    out.printf(
        "  %d/%d acknowledged (%.0f/s, ETA %s); recall index: %s %s; outbox pending %s%n",
        already + w,
        n,
        rate,
        rate > 0 ? IndexWait.eta((n - already - w) / rate) : "?",
        indexed.isPresent() ? indexed.getAsLong() : "?",
        plural,
        pending.isPresent() ? pending.getAsLong() : "?");
  }
}
