package dev.engram.launcher;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Attached mode only: the servers exit when their parent dies (they watch stdin), but a Quarkus
 * service (or the console) does not. This small shell process holds a pipe from the test JVM; when
 * the JVM goes away in any way (even SIGKILL), the pipe closes and it sends SIGTERM to every
 * service still recorded in the home's pid files, after checking from /proc that the pid still
 * belongs to this home.
 */
final class ParentWatch {

  private static final String SCRIPT =
      """
      cat >/dev/null
      for c in %s; do
        f="$1/run/$c.pid"
        [ -f "$f" ] || continue
        p=$(cat "$f")
        if tr '\\0' '\\n' < "/proc/$p/cmdline" 2>/dev/null | grep -qxF -- "-Dengram.home=$1"; then
          kill -TERM "$p"
        fi
      done
      """
          .formatted(
              String.join(" ", Component.applications().stream().map(Component::id).toList()));

  private final Process process;

  private ParentWatch(Process process) {
    this.process = process;
  }

  static ParentWatch start(SuiteHome home) throws IOException {
    Process process =
        new ProcessBuilder("sh", "-c", SCRIPT, "engram-parent-watch", home.root().toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    return new ParentWatch(process);
  }

  /** After a clean stop: lets the watcher run (nothing left to stop) and exit. */
  void close() {
    try {
      process.getOutputStream().close();
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      process.destroy();
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
    }
  }
}
