package dev.engram.recall.injection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The queue never makes a context answer wait, and the flusher's batches, retries and drops. */
class InjectionFlusherTest {

  private record Config(boolean enabled, int queueSize, Duration flushInterval, int batchSize)
      implements InjectionConfig {

    @Override
    public int retries() {
      return 2;
    }

    @Override
    public Duration backoff() {
      return Duration.ofMillis(1);
    }
  }

  private static InjectionRecord record(int n) {
    return new InjectionRecord(
        "acme",
        "bot",
        "c",
        null,
        null,
        InjectionRecord.CONTEXT,
        Instant.now(),
        "q" + n,
        100,
        10,
        1,
        2,
        1,
        List.of(),
        List.of(),
        List.of());
  }

  @Test
  void aFullQueueDropsTheRecordAtOnceAndCountsIt() {
    InjectionLog log =
        new InjectionLog(new Config(true, 3, Duration.ZERO, 200), new SimpleMeterRegistry());
    for (int i = 0; i < 3; i++) {
      assertTrue(log.offer(record(i)));
    }
    long start = System.nanoTime();
    for (int i = 0; i < 1000; i++) {
      assertFalse(log.offer(record(i)));
    }
    assertTrue(System.nanoTime() - start < Duration.ofSeconds(1).toNanos(), "never waits");
    assertEquals(1000.0, log.dropped());
    assertEquals(
        List.of("q0", "q1", "q2"), log.drain(10).stream().map(InjectionRecord::query).toList());
  }

  @Test
  void offQueuesNothingAndStartsNoFlusher() throws Exception {
    Config off = new Config(false, 10, Duration.ofMillis(10), 200);
    InjectionLog log = new InjectionLog(off, new SimpleMeterRegistry());
    List<List<InjectionRecord>> sent = new CopyOnWriteArrayList<>();
    InjectionFlusher flusher = new InjectionFlusher(log, off, sent::add);
    flusher.start(null);
    assertFalse(log.enabled());
    assertFalse(log.offer(record(1)));
    assertEquals(0, flusher.flush());
    Thread.sleep(50);
    assertEquals(List.of(), sent);
    assertEquals(0.0, log.dropped(), "off is not a drop");
  }

  @Test
  void theRunningFlusherSendsFullBatchesAndTheRestWithinTheInterval() throws Exception {
    Config on = new Config(true, 1000, Duration.ofMillis(300), 200);
    InjectionLog log = new InjectionLog(on, new SimpleMeterRegistry());
    List<Integer> sizes = new CopyOnWriteArrayList<>();
    InjectionFlusher flusher = new InjectionFlusher(log, on, batch -> sizes.add(batch.size()));
    for (int i = 0; i < 450; i++) {
      log.offer(record(i));
    }
    flusher.start(null);
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (sizes.stream().mapToInt(i -> i).sum() < 450 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(List.of(200, 200, 50), sizes);
    } finally {
      flusher.stop(null);
    }
  }

  @Test
  void captureDownIsRetriedThenDroppedAndARefusalIsNotRetried() throws Exception {
    Config on = new Config(true, 1000, Duration.ZERO, 200);
    InjectionLog log = new InjectionLog(on, new SimpleMeterRegistry());
    AtomicInteger calls = new AtomicInteger();
    InjectionFlusher down =
        new InjectionFlusher(
            log,
            on,
            batch -> {
              calls.incrementAndGet();
              throw new ServiceUnavailableException();
            });
    assertFalse(down.send(List.of(record(1), record(2))));
    assertEquals(3, calls.get(), "the first attempt and two retries");
    assertEquals(2.0, log.dropped());

    calls.set(0);
    InjectionFlusher refused =
        new InjectionFlusher(
            log,
            on,
            batch -> {
              calls.incrementAndGet();
              throw new WebApplicationException(400);
            });
    assertFalse(refused.send(List.of(record(3))));
    assertEquals(1, calls.get(), "a refused batch would be refused again");
    assertEquals(3.0, log.dropped());

    AtomicInteger attempts = new AtomicInteger();
    InjectionFlusher flaky =
        new InjectionFlusher(
            log,
            on,
            batch -> {
              if (attempts.incrementAndGet() < 2) {
                throw new ServiceUnavailableException();
              }
            });
    log.offer(record(4));
    assertEquals(1, flaky.flush(), "taken on the retry");
    assertEquals(3.0, log.dropped());
  }
}
