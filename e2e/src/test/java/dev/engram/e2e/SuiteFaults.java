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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What {@link FaultIT} does to the suite's processes from outside: kill them, keep their logs. */
final class SuiteFaults {

  private static final Pattern CORRELATION_ID =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  /** How much of a server's stack trace a finding quotes: the logged line and its causes. */
  private static final int TRACE_LINES = 80;

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

  /**
   * Each finding with what the server logged under its correlation id put first: CI shows only the
   * start of a failure message, and the logs themselves stay on the machine that ran the test (a
   * 500 seen only in CI could not be explained otherwise). The whole trace goes to stdout.
   */
  static List<String> explained(Path home, List<String> findings) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> logs = Files.list(home.resolve("logs"))) {
      for (Path log : logs.sorted().toList()) {
        String name = log.getFileName().toString();
        Files.readAllLines(log, StandardCharsets.UTF_8).forEach(l -> lines.add(name + ": " + l));
      }
    }
    List<String> out = new ArrayList<>();
    for (String finding : findings) {
      Matcher id = CORRELATION_ID.matcher(finding);
      String said = id.find() ? serverSaid(lines, id.group()) : "";
      out.add(said.isEmpty() ? finding : said + " <- " + finding);
    }
    return out;
  }

  /** The logged line carrying {@code id} and the last "Caused by" of its trace, or "". */
  private static String serverSaid(List<String> lines, String id) {
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).contains(id)) {
        continue;
      }
      List<String> trace = lines.subList(i, Math.min(lines.size(), i + TRACE_LINES));
      System.out.println("[fault] server log for " + id + ":\n" + String.join("\n", trace));
      String cause =
          trace.stream().filter(l -> l.contains("Caused by:")).reduce((a, b) -> b).orElse("");
      return "server: " + trace.get(0).strip() + (cause.isEmpty() ? "" : " / " + cause.strip());
    }
    return "";
  }
}
