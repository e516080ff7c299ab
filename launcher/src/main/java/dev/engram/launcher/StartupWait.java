package dev.engram.launcher;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Waits for components to become ready within one overall deadline, reporting progress, and fails
 * fast (with the log tail) when one of them exits instead.
 */
final class StartupWait {

  private static final Duration REPORT_EVERY = Duration.ofSeconds(5);
  private static final int TAIL_LINES = 40;

  private final Suite suite;
  private final Duration timeout;
  private final Consumer<String> progress;
  private final long startedAt = System.nanoTime();
  private final long deadline;
  private final Map<Component, ComponentProcess> pending = new LinkedHashMap<>();

  StartupWait(Suite suite, Duration timeout, Consumer<String> progress) {
    this.suite = suite;
    this.timeout = timeout;
    this.progress = progress;
    this.deadline = startedAt + timeout.toNanos();
  }

  void expect(Component c, ComponentProcess process) {
    if (!process.startedHere()) {
      progress.accept(c.id() + " is already running (pid " + process.pid() + ")");
    }
    pending.put(c, process);
  }

  void await() {
    long lastReport = System.nanoTime();
    while (!pending.isEmpty()) {
      for (Iterator<Map.Entry<Component, ComponentProcess>> it = pending.entrySet().iterator();
          it.hasNext(); ) {
        Map.Entry<Component, ComponentProcess> e = it.next();
        Component c = e.getKey();
        if (suite.readyNow(c, e.getValue())) {
          it.remove();
          progress.accept(c.id() + " is ready (" + elapsed() + ")");
        } else if (!e.getValue().alive() || mainThreadDied(c, e.getValue())) {
          throw new SuiteException(
              c,
              c.displayName()
                  + " "
                  + stopFailed(e.getValue())
                  + " while starting. Last lines of "
                  + suite.log(c)
                  + ":\n"
                  + Probes.tail(suite.log(c), e.getValue().logOffset(), TAIL_LINES));
        }
      }
      if (pending.isEmpty()) {
        return;
      }
      long now = System.nanoTime();
      if (now - deadline > 0) {
        throw timedOut();
      }
      if (now - lastReport >= REPORT_EVERY.toNanos()) {
        progress.accept("  still starting: " + names() + " (" + elapsed() + ")");
        lastReport = now;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        throw new SuiteException(pending.keySet().iterator().next(), "interrupted while waiting");
      }
    }
  }

  /**
   * A launcher server whose main thread died before READY (e.g. a bad option) can stay alive on the
   * database's own threads without ever becoming ready: fail at once instead of timing out.
   */
  private boolean mainThreadDied(Component c, ComponentProcess p) {
    return !c.isService()
        && p.startedHere()
        && Probes.logContains(suite.log(c), p.logOffset(), "Exception in thread \"main\"");
  }

  /** Stops a process that failed while starting, and says how it ended. */
  private static String stopFailed(ComponentProcess p) {
    if (p.alive()) {
      try {
        ComponentProcess.stop(p.handle(), Stopper.SERVER_TIMEOUT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return "failed (its main thread died; stopped it)";
    }
    return p.exitDescription();
  }

  private SuiteException timedOut() {
    StringBuilder message =
        new StringBuilder("not ready after " + timeout.toSeconds() + " s: " + names() + ".");
    for (Map.Entry<Component, ComponentProcess> e : pending.entrySet()) {
      Component c = e.getKey();
      message
          .append("\n\nLast lines of ")
          .append(suite.log(c))
          .append(":\n")
          .append(Probes.tail(suite.log(c), e.getValue().logOffset(), TAIL_LINES));
    }
    if (pending.keySet().stream().anyMatch(Component::isService)) {
      message.append("\n\n(a service is ready when GET /q/health/ready answers 200)");
    }
    return new SuiteException(pending.keySet().iterator().next(), message.toString());
  }

  private String names() {
    return pending.keySet().stream().map(Component::id).collect(Collectors.joining(", "));
  }

  private String elapsed() {
    return String.format("%.1f s", (System.nanoTime() - startedAt) / 1e9);
  }
}
