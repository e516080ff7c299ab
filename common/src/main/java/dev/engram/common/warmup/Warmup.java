package dev.engram.common.warmup;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Runs the service's {@link WarmupStep}s once its HTTP server is listening, before the service
 * reports ready ({@link WarmupReadinessCheck}). Measured on a fresh suite, the first recalls after
 * a start waited out the graph's deadline (Neo4j planned each statement on its first call, 1–6 s)
 * and the first contexts left sources out; a gateway with a few users never runs the thousands of
 * calls that make the code warm. The warm-up is bounded ({@link WarmupConfig#maxTime()}); a step
 * that fails three times in a row is logged and left out, and the service reports ready anyway.
 */
@ApplicationScoped
public class Warmup {

  private static final Logger LOG = Logger.getLogger(Warmup.class);

  /** A step that fails this often in a row is left out of the remaining rounds. */
  static final int FAILURES_IN_A_ROW = 3;

  /** Where the warm-up is, for the readiness answer. */
  public record Progress(boolean done, String detail) {}

  private final WarmupConfig config;
  private final List<WarmupStep> steps;
  private final AtomicBoolean started = new AtomicBoolean();
  private volatile Progress progress = new Progress(false, "starting");

  @Inject
  Warmup(WarmupConfig config, Instance<WarmupStep> steps) {
    this(config, steps.stream().toList());
  }

  Warmup(WarmupConfig config, List<WarmupStep> steps) {
    this.config = config;
    this.steps = List.copyOf(steps);
    if (!config.enabled()) {
      progress = new Progress(true, "off");
    } else if (this.steps.isEmpty()) {
      progress = new Progress(true, "nothing to warm");
    }
  }

  void onStart(@Observes StartupEvent event) {
    if (progress.done() || !started.compareAndSet(false, true)) {
      return;
    }
    Thread thread = new Thread(this::run, "engram-warmup");
    thread.setDaemon(true);
    thread.start();
  }

  public Progress progress() {
    return progress;
  }

  /** Runs the warm-up on the calling thread (the application runs it on its own thread). */
  void run() {
    long start = System.nanoTime();
    long deadline = start + config.maxTime().toNanos();
    try {
      if (!waitUntilRunnable(deadline)) {
        finish(start, 0, "not every step could run within " + config.maxTime().toSeconds() + " s");
        return;
      }
      Map<WarmupStep, Integer> failures = new LinkedHashMap<>();
      steps.forEach(step -> failures.put(step, 0));
      int round = 0;
      while (round < config.rounds() && !failures.isEmpty() && System.nanoTime() < deadline) {
        progress = new Progress(false, "round " + (round + 1) + " of " + config.rounds());
        for (var it = failures.entrySet().iterator(); it.hasNext(); ) {
          var entry = it.next();
          try {
            entry.getKey().run(round);
            entry.setValue(0);
          } catch (Exception | LinkageError e) {
            // A cold store may miss its own deadline on the first calls: that is what this absorbs.
            if (entry.getValue() + 1 >= FAILURES_IN_A_ROW) {
              LOG.warnf(
                  "Warm-up step %s failed %d times in a row, left out: %s",
                  entry.getKey().name(), FAILURES_IN_A_ROW, e.toString());
              it.remove();
            } else {
              entry.setValue(entry.getValue() + 1);
            }
          }
        }
        round++;
      }
      finish(start, round, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      finish(start, 0, "interrupted");
    } finally {
      steps.forEach(Warmup::close);
    }
  }

  private boolean waitUntilRunnable(long deadline) throws InterruptedException {
    while (!steps.stream().allMatch(WarmupStep::canRun)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      progress = new Progress(false, "waiting until its steps can run");
      Thread.sleep(200);
    }
    return true;
  }

  private void finish(long start, int rounds, String cut) {
    long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
    String names = String.join(", ", steps.stream().map(WarmupStep::name).toList());
    String detail =
        rounds + " rounds of " + names + " in " + millis + " ms" + (cut == null ? "" : "; " + cut);
    progress = new Progress(true, detail);
    LOG.infof("Warm-up done: %s", detail);
  }

  private static void close(WarmupStep step) {
    try {
      step.close();
    } catch (RuntimeException e) {
      LOG.warnf("Warm-up step %s did not close cleanly: %s", step.name(), e.toString());
    }
  }
}
