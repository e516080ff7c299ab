package dev.engram.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.e2e.AckedWrite.Kind;
import dev.engram.e2e.FaultClient.Answer;
import dev.engram.launcher.Component;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A few client threads posting exchanges, memories and facts to capture-service in turn, each with
 * a unique marker in its text, as a gateway would while components fail underneath. Every
 * acknowledged write is kept for the checks afterwards; every other answer is tallied under the
 * phase it was sent in: a 503 problem+json (a store is down) is a refusal, a refused or broken
 * connection (capture itself is down) is "unreachable", anything else is a finding.
 */
final class SteadyWriter {

  static final String AGENT = "faultbot";

  private final FaultClient client;
  private final int threads;
  private final Duration pause;
  private final List<Thread> workers = new ArrayList<>();
  private final Queue<AckedWrite> acked = new ConcurrentLinkedQueue<>();
  private final Queue<String> findings = new ConcurrentLinkedQueue<>();
  private final Set<String> markers = ConcurrentHashMap.newKeySet();
  private final Map<String, Tally> tallies = Collections.synchronizedMap(new LinkedHashMap<>());
  private volatile Phase phase = new Phase("warm-up", System.nanoTime());
  private volatile boolean running;

  /** What one phase's writes got. */
  static final class Tally {
    final AtomicInteger acked = new AtomicInteger();
    final AtomicInteger refused = new AtomicInteger();
    final AtomicInteger unreachable = new AtomicInteger();
    final AtomicInteger findings = new AtomicInteger();
    volatile String lastRefusal = "";
    volatile String lastUnreachable = "";

    @Override
    public String toString() {
      return "acked "
          + acked
          + ", refused (503 problem+json) "
          + refused
          + ", unreachable "
          + unreachable
          + ", findings "
          + findings;
    }
  }

  SteadyWriter(FaultClient client, int threads, Duration pause) {
    this.client = client;
    this.threads = threads;
    this.pause = pause;
  }

  void start() {
    running = true;
    for (int i = 0; i < threads; i++) {
      String chat = "fault-" + i;
      Thread worker = new Thread(() -> run(chat), "fault-writer-" + i);
      worker.setDaemon(true);
      worker.start();
      workers.add(worker);
    }
  }

  /** Writes sent from now on are counted under {@code name}. */
  void phase(String name) {
    phase = new Phase(name, System.nanoTime());
  }

  /** A phase's name and when it began ({@link System#nanoTime}). */
  private record Phase(String name, long start) {}

  Tally tally(String name) {
    return tallies.computeIfAbsent(name, n -> new Tally());
  }

  /** Stops the threads; each finishes its current write (at most the client timeout). */
  void stop() throws InterruptedException {
    running = false;
    for (Thread worker : workers) {
      worker.join(FaultClient.TIMEOUT.plusSeconds(5).toMillis());
    }
  }

  List<AckedWrite> acked() {
    return List.copyOf(acked);
  }

  List<String> findings() {
    return List.copyOf(findings);
  }

  private void run(String chat) {
    long n = 0;
    while (running) {
      write(Kind.values()[(int) (n++ % Kind.values().length)], chat);
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void write(Kind kind, String chat) {
    Phase current = phase;
    // When, in the phase, the request went out: a finding says how long after the kill it came.
    String during =
        current.name() + String.format(" +%.1f s", (System.nanoTime() - current.start()) / 1e9);
    Tally tally = tally(current.name());
    AckedWrite pending = new AckedWrite(kind, 0, marker(), chat, during);
    Object body = body(pending);
    String request = "POST " + path(kind) + " " + body;
    try {
      Answer answer = client.post(Component.CAPTURE, path(kind), body);
      if (answer.ok()) {
        acknowledged(pending, answer, request, tally);
      } else if (answer.status() == 503 && answer.problem()) {
        tally.refused.incrementAndGet();
        tally.lastRefusal = answer.json().path("code").asText();
      } else {
        finding(tally, during, request, answer.toString());
      }
    } catch (HttpTimeoutException e) {
      finding(tally, during, request, "no answer within " + FaultClient.TIMEOUT.toSeconds() + " s");
    } catch (IOException e) {
      tally.unreachable.incrementAndGet();
      tally.lastUnreachable = e.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

  /**
   * Keeps a 2xx write; one the suite did not store as asked (quarantined, deduped) is a finding.
   */
  private void acknowledged(AckedWrite write, Answer answer, String request, Tally tally) {
    JsonNode json =
        write.kind() == Kind.EXCHANGE ? answer.json().path("items").path(0) : answer.json();
    long id = json.path("id").asLong(0);
    String status = json.path("status").asText();
    boolean stored = id > 0 && status.equals("ACTIVE") && !json.path("duplicate").asBoolean(false);
    if (!stored) {
      finding(tally, write.phase(), request, answer.toString());
      return;
    }
    acked.add(new AckedWrite(write.kind(), id, write.marker(), write.chat(), write.phase()));
    tally.acked.incrementAndGet();
  }

  private void finding(Tally tally, String during, String request, String answer) {
    tally.findings.incrementAndGet();
    findings.add("[" + during + "] " + request + " -> " + answer);
  }

  /** Ten random letters: one token for BM25, unlike any other marker for entity resolution. */
  private String marker() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (true) {
      StringBuilder marker = new StringBuilder(10);
      for (int i = 0; i < 10; i++) {
        marker.append((char) ('a' + random.nextInt(26)));
      }
      if (markers.add(marker.toString())) {
        return marker.toString();
      }
    }
  }

  private static String path(Kind kind) {
    return switch (kind) {
      case EXCHANGE -> "/v1/exchanges";
      case MEMORY -> "/v1/memories";
      case FACT -> "/v1/facts";
    };
  }

  private static Object body(AckedWrite write) {
    String marker = write.marker();
    String chat = write.chat();
    return switch (write.kind()) {
      case EXCHANGE ->
          Map.of(
              "exchanges",
              List.of(
                  Map.of(
                      "agent",
                      AGENT,
                      "chat",
                      chat,
                      "speaker",
                      "operator",
                      "role",
                      "user",
                      "text",
                      "Shift log " + marker + ": the crane on pier seven was inspected.")));
      case MEMORY ->
          Map.of(
              "agent",
              AGENT,
              "chat",
              chat,
              "category",
              "KNOWLEDGE",
              "text",
              "Spare part " + marker + " is kept in the north storeroom.");
      case FACT ->
          Map.of(
              "agent",
              AGENT,
              "chat",
              chat,
              "subject",
              write.subject(),
              "predicate",
              "stored_in",
              "object",
              "bin " + marker);
    };
  }
}
