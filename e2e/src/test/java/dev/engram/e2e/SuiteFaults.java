package dev.engram.e2e;

import dev.engram.launcher.Component;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What {@link FaultIT} does to the suite's processes from outside: kill them, keep their logs. */
final class SuiteFaults {

  private SuiteFaults() {}

  /**
   * {@code destroyForcibly} is SIGKILL on Linux. For PostgreSQL the victim is the server itself
   * (postmaster and its backends, which pg_ctl detached from the launcher) and then its launcher
   * process; killing the launcher alone would leave the database running.
   */
  static void kill(TestSuite started, Component c) throws Exception {
    long pid =
        started.suite.pid(c).orElseThrow(() -> new AssertionError(c.id() + " is not running"));
    List<ProcessHandle> victims = new ArrayList<>();
    if (c == Component.POSTGRES) {
      ProcessHandle postmaster = postmaster(started.home);
      victims.add(postmaster);
      victims.addAll(postmaster.descendants().toList());
    }
    victims.add(ProcessHandle.of(pid).orElseThrow());
    for (ProcessHandle victim : victims) {
      victim.destroyForcibly();
    }
    for (ProcessHandle victim : victims) {
      victim.onExit().get(10, TimeUnit.SECONDS);
    }
    System.out.println("[fault] killed " + c.id() + " (SIGKILL, " + victims.size() + " processes)");
  }

  private static ProcessHandle postmaster(Path home) throws IOException {
    Path pidFile = home.resolve("data/postgres/postmaster.pid");
    long pid = Long.parseLong(Files.readAllLines(pidFile, StandardCharsets.UTF_8).get(0).strip());
    return ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no postmaster " + pid));
  }

  /** The suite's logs outlive its home (removed on close), to look up correlation ids. */
  static void keepLogs(Path home) throws IOException {
    Path kept = Path.of("target", "fault-logs").toAbsolutePath();
    try (Stream<Path> logs = Files.list(home.resolve("logs"))) {
      Files.createDirectories(kept);
      for (Path log : logs.toList()) {
        Files.copy(log, kept.resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    System.out.println("[fault] the suite's logs are kept in " + kept);
  }
}
