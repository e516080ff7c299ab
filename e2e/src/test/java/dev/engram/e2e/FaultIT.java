package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.e2e.AckedWrite.Kind;
import dev.engram.e2e.FaultClient.Answer;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 12's fault test on the packaged suite: a steady writer posts exchanges, memories and facts
 * while recall-service, graph-service, Neo4j, capture-service and PostgreSQL are killed with
 * SIGKILL in turn and started again. Afterwards, with the outbox drained, every acknowledged write
 * must be in the record, the index and the graph, and the vault audit must find the stores
 * consistent. Refusals while a store is down must be 503 problem+json; any other error answer, or a
 * write that hangs past the client timeout, fails the test.
 */
@Tag(SharedSuite.TAG)
class FaultIT {

  /** In this order: the projections first, then the record's writer and the record itself. */
  private static final List<Component> KILLED =
      List.of(
          Component.RECALL,
          Component.GRAPH,
          Component.NEO4J,
          Component.CAPTURE,
          Component.POSTGRES);

  private static final Duration WARM_UP = Duration.ofSeconds(8);
  private static final Duration DEAD_FOR = Duration.ofSeconds(3);
  private static final Duration WRITING_AFTER = Duration.ofSeconds(6);
  private static final Duration READY_WITHIN = Duration.ofMinutes(2);

  /** The outbox may take long on a busy machine; it must at least keep shrinking. */
  private static final Duration DRAIN_STALLED = Duration.ofMinutes(1);

  private static final Duration DRAINED_WITHIN = Duration.ofMinutes(6);

  // The shared suite's rate limiter is off: the steady writers must not be refused.
  @RegisterExtension static final SharedSuite SHARED = SharedSuite.withoutKeys();

  @Test
  @Timeout(value = 25, unit = TimeUnit.MINUTES)
  void everyAcknowledgedWriteSurvivesAKillOfEachComponent() throws Exception {
    TestSuite started = SHARED.started();
    try {
      writeWhileKilling(started);
    } catch (Throwable t) {
      SuiteFaults.keepLogs(started.home);
      throw t;
    }
  }

  /** The kills under steady writes, then the checks; every finding is listed in the failure. */
  private static void writeWhileKilling(TestSuite started) throws Exception {
    Suite suite = started.suite;
    FaultClient admin = new FaultClient(suite, suite.adminKey());
    SteadyWriter writer = new SteadyWriter(admin, 3, Duration.ofMillis(200));
    List<String> failures = new ArrayList<>();
    List<String> summary = new ArrayList<>();

    writer.start();
    try {
      Thread.sleep(WARM_UP);
      for (Component c : KILLED) {
        Duration toReady = killAndRestart(started, writer, c);
        SteadyWriter.Tally down = writer.tally(c.id() + " down");
        SteadyWriter.Tally back = writer.tally(c.id() + " back");
        summary.add(
            String.format(
                "%-9s time to ready %5.1f s | while down: %s (last 503: %s) | after: %s",
                c.id(), toReady.toMillis() / 1000.0, down, down.lastRefusal, back));
        if (back.acked.get() == 0) {
          failures.add(c.id() + ": no write acknowledged after it was back: " + back);
        }
        if (c != Component.CAPTURE && down.unreachable.get() + back.unreachable.get() > 0) {
          failures.add(
              "capture-service dropped connections while "
                  + c.displayName()
                  + " was killed: "
                  + down.lastUnreachable
                  + back.lastUnreachable);
        }
      }
    } finally {
      writer.stop();
    }
    List<AckedWrite> acked = writer.acked();
    System.out.println("[fault] warm-up: " + writer.tally("warm-up"));
    summary.forEach(line -> System.out.println("[fault] " + line));
    System.out.println("[fault] acknowledged writes: " + acked.size());
    failures.addAll(SuiteFaults.explained(started.home, writer.findings()));

    awaitDrained(admin, failures);
    WriteChecks checks = new WriteChecks(admin);
    checksSeeAbsence(checks);
    failures.addAll(lostWrites(checks, acked));
    failures.addAll(auditFindings(suite, acked));
    assertTrue(failures.isEmpty(), failures.size() + " findings:\n" + String.join("\n", failures));
  }

  /** SIGKILL, a pause, a start through the launcher; returns the time from the kill to ready. */
  private static Duration killAndRestart(TestSuite started, SteadyWriter writer, Component c)
      throws Exception {
    Suite suite = started.suite;
    writer.phase(c.id() + " down");
    Instant killed = Instant.now();
    SuiteFaults.kill(started, c);
    Thread.sleep(DEAD_FOR);
    suite.start(c);
    // What the writer depends on must come back by itself: graph-service reconnects to Neo4j,
    // capture-service to PostgreSQL (its readiness checks the database), without a restart.
    Component depends =
        switch (c) {
          case NEO4J -> Component.GRAPH;
          case POSTGRES -> Component.CAPTURE;
          default -> c;
        };
    Instant deadline = Instant.now().plus(READY_WITHIN);
    while (!suite.ready(depends)) {
      assertTrue(
          Instant.now().isBefore(deadline),
          depends.displayName() + " not ready within " + READY_WITHIN + " after " + c.id());
      Thread.sleep(200);
    }
    Duration toReady = Duration.between(killed, Instant.now());
    writer.phase(c.id() + " back");
    Thread.sleep(WRITING_AFTER);
    return toReady;
  }

  /**
   * Waits, with progress, until capture's outbox has delivered everything: at most {@link
   * #DRAINED_WITHIN}, and never longer than {@link #DRAIN_STALLED} without the backlog shrinking.
   */
  private static void awaitDrained(FaultClient admin, List<String> failures) throws Exception {
    Instant start = Instant.now();
    Instant nextReport = start;
    Instant lastProgress = start;
    long fewest = Long.MAX_VALUE;
    while (true) {
      Answer stats = admin.get(Component.CAPTURE, "/v1/stats", Map.of());
      JsonNode outbox = stats.json().path("outbox");
      long pending =
          stats.ok()
              ? outbox.path("recall").path("pending").asLong()
                  + outbox.path("graph").path("pending").asLong()
              : Long.MAX_VALUE;
      if (pending == 0) {
        System.out.println(
            "[fault] outbox drained in "
                + Duration.between(start, Instant.now()).toSeconds()
                + " s: "
                + outbox);
        if (outbox.path("recall").path("dead").asLong() + outbox.path("graph").path("dead").asLong()
            > 0) {
          failures.add("outbox events parked as dead (never delivered): " + outbox);
        }
        return;
      }
      Instant now = Instant.now();
      if (pending < fewest) {
        fewest = pending;
        lastProgress = now;
      }
      if (!now.isBefore(nextReport)) {
        System.out.println("[fault] waiting for the outbox: " + (stats.ok() ? outbox : stats));
        nextReport = now.plusSeconds(5);
      }
      assertTrue(
          now.isBefore(lastProgress.plus(DRAIN_STALLED)),
          "the outbox stopped draining for " + DRAIN_STALLED + ": " + outbox);
      assertTrue(
          now.isBefore(start.plus(DRAINED_WITHIN)),
          "outbox not drained within " + DRAINED_WITHIN + ": " + outbox);
      Thread.sleep(1000);
    }
  }

  /**
   * A control: writes that were never made must be reported missing from every store each kind
   * reaches, so that a quiet run means the writes were found rather than a blind check.
   */
  private static void checksSeeAbsence(WriteChecks checks) throws InterruptedException {
    Map<Kind, Integer> stores = Map.of(Kind.EXCHANGE, 2, Kind.MEMORY, 3, Kind.FACT, 2);
    List<AckedWrite> never =
        stores.keySet().stream()
            .map(k -> new AckedWrite(k, Long.MAX_VALUE, "neverwritten", "fault-0", "control"))
            .toList();
    Map<AckedWrite, List<String>> missing = checks.missing(never);
    for (AckedWrite write : never) {
      List<String> where = missing.getOrDefault(write, List.of());
      assertEquals(stores.get(write.kind()), where.size(), "control " + write + ": " + where);
      assertTrue(where.stream().allMatch(w -> w.startsWith("not in the ")), where.toString());
    }
  }

  /**
   * Every acknowledged write missing from the record, the index or the graph. A miss is looked at
   * once more after a pause, so that only what stays missing counts.
   */
  private static List<String> lostWrites(WriteChecks checks, List<AckedWrite> acked)
      throws InterruptedException {
    Map<AckedWrite, List<String>> missing = checks.missing(acked);
    if (!missing.isEmpty()) {
      System.out.println("[fault] " + missing.size() + " writes not found yet, again in 10 s:");
      missing.forEach((write, where) -> System.out.println("[fault]   " + write + ": " + where));
      Thread.sleep(10_000);
      missing = checks.missing(List.copyOf(missing.keySet()));
    }
    System.out.println(
        "[fault] checked "
            + acked.size()
            + " acknowledged writes in record, index and graph: "
            + missing.size()
            + " missing");
    List<String> lost = new ArrayList<>();
    missing.forEach((write, where) -> where.forEach(w -> lost.add("lost " + write + ": " + w)));
    return lost;
  }

  /** The vault audit: content hashes and audit log intact, record = index = graph per id. */
  private static List<String> auditFindings(Suite suite, List<AckedWrite> acked) {
    JsonPath audit = SuiteAudit.run(suite, "fault");
    List<String> findings = SuiteAudit.findings(audit);
    // The drift compares only what the record holds: it must hold every acknowledged write.
    for (Kind kind : List.of(Kind.EXCHANGE, Kind.MEMORY)) {
      String plural = kind == Kind.EXCHANGE ? "exchanges" : "memories";
      int record =
          audit.getInt("consistency.tenants.find { it.tenant == 'local' }." + plural + ".record");
      long ackedOfKind = acked.stream().filter(w -> w.kind() == kind).count();
      if (record < ackedOfKind) {
        findings.add("audit: the record holds " + record + " " + plural + ", acked " + ackedOfKind);
      }
    }
    return findings;
  }
}
