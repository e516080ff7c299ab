package dev.engram.launcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Stops components in parallel: SIGTERM each, then SIGKILL whichever outlives its timeout. */
final class Stopper {

  /** Quarkus drains requests quickly; databases may need longer to checkpoint. */
  static final Duration SERVICE_TIMEOUT = Duration.ofSeconds(30);

  static final Duration SERVER_TIMEOUT = Duration.ofSeconds(60);

  private Stopper() {}

  static void stop(Map<Component, ComponentProcess> processes, Consumer<String> progress) {
    List<Thread> threads = new ArrayList<>();
    for (Map.Entry<Component, ComponentProcess> e : processes.entrySet()) {
      Component c = e.getKey();
      ProcessHandle handle = e.getValue().handle();
      Duration timeout = c.isService() ? SERVICE_TIMEOUT : SERVER_TIMEOUT;
      Thread thread =
          new Thread(
              () -> {
                progress.accept("stopping " + c.id() + " (pid " + handle.pid() + ")");
                try {
                  boolean killed = ComponentProcess.stop(handle, timeout);
                  progress.accept(
                      killed
                          ? c.id() + " did not stop within " + timeout.toSeconds() + " s: killed"
                          : c.id() + " stopped");
                } catch (InterruptedException ie) {
                  handle.destroyForcibly();
                }
              },
              "engram-stop-" + c.id());
      thread.start();
      threads.add(thread);
    }
    for (Thread thread : threads) {
      try {
        thread.join();
      } catch (InterruptedException ie) {
        processes.values().forEach(p -> p.handle().destroyForcibly());
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
