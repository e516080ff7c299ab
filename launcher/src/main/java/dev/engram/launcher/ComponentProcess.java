package dev.engram.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The OS process of one component: started here, or found again through its pid file. A pid file is
 * never trusted on its own: the process must be alive and its command line must carry the
 * component's markers, because pids are reused after a reboot or a crash.
 */
final class ComponentProcess {

  private static final File DEV_NULL = new File("/dev/null");

  private final ProcessHandle handle;
  private final Process process;
  private final long logOffset;

  private ComponentProcess(ProcessHandle handle, Process process, long logOffset) {
    this.handle = handle;
    this.process = process;
    this.logOffset = logOffset;
  }

  /**
   * Starts a component with exactly {@code environment} (nothing inherited besides it) and its
   * output appended to {@code log}, and records its pid. Detached: in a new session (setsid), so it
   * outlives the caller and never sees the terminal's Ctrl-C or hang-up. Attached: a plain child
   * whose stdin is a pipe from us (the servers exit when it closes).
   */
  static ComponentProcess spawn(
      List<String> command,
      Map<String, String> environment,
      Path workDir,
      Path log,
      Path pidFile,
      boolean detached)
      throws IOException {
    Files.createDirectories(log.getParent());
    long offset = Files.exists(log) ? Files.size(log) : 0;
    List<String> argv = new ArrayList<>();
    String setsid = detached ? onPath("setsid") : null;
    if (setsid != null) {
      // Started by a JVM, the child is not a process-group leader, so setsid(1) calls setsid(2)
      // and execs in place: the pid we record is the component's own.
      argv.add(setsid);
    }
    argv.addAll(command);
    ProcessBuilder builder =
        new ProcessBuilder(argv)
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    if (detached) {
      builder.redirectInput(ProcessBuilder.Redirect.from(DEV_NULL));
    }
    builder.environment().clear();
    builder.environment().putAll(environment);
    Process process = builder.start();
    Files.createDirectories(pidFile.getParent());
    Files.writeString(pidFile, process.pid() + "\n", StandardCharsets.UTF_8);
    return new ComponentProcess(process.toHandle(), process, offset);
  }

  /** A component started earlier (by another invocation), if its pid file is still true. */
  static Optional<ComponentProcess> find(Path pidFile, List<String> markers) {
    return livePid(pidFile, markers)
        .flatMap(ProcessHandle::of)
        .map(handle -> new ComponentProcess(handle, null, -1));
  }

  static Optional<Long> livePid(Path pidFile, List<String> markers) {
    long pid;
    try {
      pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.UTF_8).strip());
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
    boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    return alive && carries(pid, markers) ? Optional.of(pid) : Optional.empty();
  }

  /** Whether the process's command line contains every marker as a whole argument. */
  static boolean carries(long pid, List<String> markers) {
    List<String> args = commandLine(pid);
    return !args.isEmpty() && args.containsAll(markers);
  }

  static List<String> commandLine(long pid) {
    Path cmdline = Path.of("/proc", Long.toString(pid), "cmdline");
    try {
      if (Files.isReadable(cmdline)) {
        String raw = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8);
        return Arrays.asList(raw.split("\0"));
      }
    } catch (IOException e) {
      return List.of(); // it exited while we looked
    }
    // Not Linux: ProcessHandle's view (may be truncated, but carries the -D markers up front).
    return ProcessHandle.of(pid)
        .flatMap(h -> h.info().arguments())
        .map(Arrays::asList)
        .orElse(List.of());
  }

  /**
   * SIGTERM (a clean shutdown: PostgreSQL and Neo4j flush their stores), then SIGKILL if the
   * process is still there after {@code timeout}. Returns true if it had to be killed.
   */
  static boolean stop(ProcessHandle handle, Duration timeout) throws InterruptedException {
    if (!handle.isAlive()) {
      return false;
    }
    handle.destroy();
    if (awaitExit(handle, timeout)) {
      return false;
    }
    handle.destroyForcibly();
    awaitExit(handle, Duration.ofSeconds(10));
    return true;
  }

  private static boolean awaitExit(ProcessHandle handle, Duration timeout)
      throws InterruptedException {
    try {
      handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return !handle.isAlive();
    }
  }

  static String onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    return null;
  }

  ProcessHandle handle() {
    return handle;
  }

  long pid() {
    return handle.pid();
  }

  boolean alive() {
    return handle.isAlive();
  }

  /** True if this invocation started it (its READY line must then be newer than logOffset). */
  boolean startedHere() {
    return process != null;
  }

  long logOffset() {
    return logOffset;
  }

  /** The exit code if it was started here and has exited, for failure messages. */
  String exitDescription() {
    if (process != null && !process.isAlive()) {
      return "exited with code " + process.exitValue();
    }
    return "exited";
  }
}
