package dev.engram.launcher;

import java.util.Locale;

/** Numbers and sizes for the vault commands' output. */
final class Format {

  private Format() {}

  static long longValue(Object number) {
    return number instanceof Number n ? n.longValue() : 0;
  }

  /** {@code 12,345}; {@code -} when absent. */
  static String number(Object number) {
    return number instanceof Number n ? String.format(Locale.ROOT, "%,d", n.longValue()) : "-";
  }

  /** {@code 812 B}, {@code 3.2 MiB}; {@code -} when absent. */
  static String bytes(Object size) {
    if (!(size instanceof Number n)) {
      return "-";
    }
    double value = n.doubleValue();
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit == 0
        ? n.longValue() + " B"
        : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
