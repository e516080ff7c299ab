package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Machine;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CPU time each suite process has used, read from {@code /proc/<pid>/stat} (user + system, plus
 * what its finished children used, for PostgreSQL's backends) over the process and every live
 * descendant. On a machine shared with other work a wall-clock rate says more about the neighbours
 * than about the suite; CPU seconds per document or per recall do not, so the bench prints these
 * beside its rates. The pids come from {@code $ENGRAM_HOME/run/<component>.pid}; a component
 * without one (another host, k8s) prints "?".
 */
final class ProcessCpu {

  /** The suite's processes in the order the line prints them. */
  static final List<String> COMPONENTS = List.of("capture", "recall", "graph", "neo4j", "postgres");

  /** Linux's USER_HZ: /proc reports times in these ticks (100 on every mainstream platform). */
  private static final double TICKS_PER_SECOND = 100.0;

  private static final Duration WINDOW = Duration.ofSeconds(5);

  /** CPU seconds per {@link #WINDOW} below which the suite counts as idle (6 % of one core). */
  private static final double IDLE_SECONDS = 0.3;

  private final Map<String, Double> seconds;

  private ProcessCpu(Map<String, Double> seconds) {
    this.seconds = seconds;
  }

  /** Now, for every component whose pid file under {@code home/run} names a live process. */
  static ProcessCpu read(Path home) {
    Map<String, Double> seconds = new LinkedHashMap<>();
    for (String component : COMPONENTS) {
      long ticks = -1;
      for (Path pidFile : pidFiles(home, component)) {
        long t = treeTicks(firstNumber(pidFile));
        if (t >= 0) {
          ticks = Math.max(ticks, 0) + t;
        }
      }
      if (ticks >= 0) {
        seconds.put(component, ticks / TICKS_PER_SECOND);
      }
    }
    return new ProcessCpu(seconds);
  }

  /**
   * Where a component's pids are written. PostgreSQL's server detaches from the launcher process
   * that ./engram records (pg_ctl), so its postmaster, whose children are the backends, is read
   * from the data directory.
   */
  private static List<Path> pidFiles(Path home, String component) {
    Path recorded = home.resolve("run/" + component + ".pid");
    return component.equals("postgres")
        ? List.of(recorded, home.resolve("data/postgres/postmaster.pid"))
        : List.of(recorded);
  }

  /** The pid on the first line of a pid file, or -1. */
  private static long firstNumber(Path pidFile) {
    try (var lines = Files.lines(pidFile)) {
      return Long.parseLong(lines.findFirst().orElse("").strip());
    } catch (IOException | RuntimeException e) {
      return -1; // not started by ./engram here: unknown
    }
  }

  /**
   * Waits until the suite is idle: writes go on after the outbox empties (after memories, automatic
   * relations ask recall for each new memory's neighbours in the background and project the links),
   * and that work belongs to the documents too. Idle is under {@link #IDLE_SECONDS} of CPU, all
   * processes together, in a 5 s window; at most {@code max}. Returns the read that found it idle.
   *
   * @param background what may still run after the outbox empties, for the line it prints
   */
  static ProcessCpu settled(Path home, Duration max, String background, PrintStream out)
      throws InterruptedException {
    long start = System.nanoTime();
    ProcessCpu last = read(home);
    while (true) {
      Thread.sleep(WINDOW.toMillis());
      ProcessCpu now = read(home);
      double busy = now.secondsSince(last);
      long waited = (System.nanoTime() - start) / 1_000_000_000L;
      if (busy < IDLE_SECONDS || waited >= max.toSeconds()) {
        out.printf(
            "  suite %s %d s after the outbox emptied (background work: %s)%n",
            busy < IDLE_SECONDS ? "idle" : "still busy, measured anyway,", waited, background);
        return now;
      }
      last = now;
    }
  }

  /** Suite CPU seconds since {@code before}, over the components both reads know. */
  double secondsSince(ProcessCpu before) {
    double sum = 0;
    for (Map.Entry<String, Double> e : seconds.entrySet()) {
      Double then = before.seconds.get(e.getKey());
      sum += then == null ? 0 : e.getValue() - then;
    }
    return sum;
  }

  /** Ticks of {@code pid} and its live descendants; -1 when {@code pid} itself is gone. */
  static long treeTicks(long pid) {
    if (pid <= 0) {
      return -1;
    }
    long own = ticks(pid);
    if (own < 0) {
      return -1;
    }
    long total = 0;
    Deque<Long> todo = new ArrayDeque<>(List.of(pid));
    Set<Long> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      long p = todo.pop();
      if (!seen.add(p)) {
        continue;
      }
      total += Math.max(0, ticks(p));
      todo.addAll(children(p));
    }
    return total;
  }

  /** utime + stime + cutime + cstime of one process, or -1 if it is gone. */
  private static long ticks(long pid) {
    try {
      return parseTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * Fields 14–17 of a {@code /proc/<pid>/stat} line. The command name (field 2) may hold spaces and
   * parentheses, so the fields are counted from its closing parenthesis.
   */
  static long parseTicks(String stat) {
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).strip().split("\\s+");
    // f[0] is field 3 (state), so field n is f[n - 3]
    return Long.parseLong(f[11])
        + Long.parseLong(f[12])
        + Long.parseLong(f[13])
        + Long.parseLong(f[14]);
  }

  private static List<Long> children(long pid) {
    List<Long> out = new java.util.ArrayList<>();
    try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks.toList()) {
        try {
          for (String child : Files.readString(task.resolve("children")).strip().split("\\s+")) {
            if (!child.isEmpty()) {
              out.add(Long.parseLong(child));
            }
          }
        } catch (IOException | NumberFormatException e) {
          // the thread ended, or no children file (old kernel)
        }
      }
    } catch (IOException e) {
      // the process ended
    }
    return out;
  }

  /** Milliseconds of CPU per unit of work since {@code before}, per component (NaN if unknown). */
  Map<String, Double> msPer(ProcessCpu before, double units) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (String c : COMPONENTS) {
      Double now = seconds.get(c);
      Double then = before.seconds.get(c);
      out.put(
          c, now == null || then == null || units <= 0 ? Double.NaN : (now - then) * 1000 / units);
    }
    return out;
  }

  /**
   * Prints "CPU per {@code unit}: capture x ms, recall y ms (model z ms), …, total t ms" and puts
   * the same figures into {@code report}. {@code modelMs}: recall's model time per unit (wall time
   * of its model calls, a part of recall's CPU), NaN to leave it out.
   */
  void print(
      ProcessCpu before,
      double units,
      String unit,
      double modelMs,
      PrintStream out,
      ObjectNode report) {
    print(before, units, unit, modelMs, Machine.loadAverage(), out, report);
  }

  /** As above, with the load average given. */
  void print(
      ProcessCpu before,
      double units,
      String unit,
      double modelMs,
      String load,
      PrintStream out,
      ObjectNode report) {
    Map<String, Double> per = msPer(before, units);
    StringBuilder line = new StringBuilder("  CPU per " + unit + ":");
    double total = 0;
    boolean any = false;
    String sep = " ";
    for (Map.Entry<String, Double> e : per.entrySet()) {
      double v = e.getValue();
      line.append(sep).append(e.getKey()).append(' ').append(ms(v)).append(" ms");
      if (e.getKey().equals("recall") && Double.isFinite(modelMs)) {
        line.append(" (model ").append(ms(modelMs)).append(" ms)");
      }
      sep = ", ";
      if (Double.isFinite(v)) {
        total += v;
        any = true;
        report.put(e.getKey() + "_ms", v);
      } else {
        report.putNull(e.getKey() + "_ms");
      }
    }
    if (Double.isFinite(modelMs)) {
      report.put("recall_model_ms", modelMs);
    }
    report.put("units", units);
    report.put("load_average", load);
    line.append("; suite total ").append(any ? ms(total) : "?").append(" ms");
    line.append(String.format(" (%.0f %ss; load average %s)", units, unit, load));
    out.println(line);
  }

  private static String ms(double v) {
    return Double.isFinite(v) ? String.format("%.2f", v) : "?";
  }
}
