package dev.engram.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** What the machine is doing: load average (it is shared) and a process's resident memory. */
public final class Machine {

  private Machine() {}

  /** The 1, 5 and 15 minute load averages as in /proc/loadavg, or "?" off Linux. */
  public static String loadAverage() {
    try {
      String[] parts = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (IOException | ArrayIndexOutOfBoundsException e) {
      return "?";
    }
  }

  /** The 1-minute load average, or NaN. */
  public static double load1() {
    try {
      return Double.parseDouble(loadAverage().split(" ")[0]);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /**
   * A field of /proc/&lt;pid&gt;/status in KiB ({@code VmRSS}: resident now, {@code VmHWM}: the
   * peak resident size).
   */
  public static OptionalLong statusKib(long pid, String field) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith(field + ":")) {
          String[] parts = line.substring(field.length() + 1).strip().split("\\s+");
          return OptionalLong.of(Long.parseLong(parts[0]));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // gone, or not Linux
    }
    return OptionalLong.empty();
  }

  public static String mib(OptionalLong kib) {
    return kib.isPresent() ? String.format("%.0f MiB", kib.getAsLong() / 1024.0) : "?";
  }
}
