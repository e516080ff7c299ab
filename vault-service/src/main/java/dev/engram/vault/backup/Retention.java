package dev.engram.vault.backup;

import dev.engram.vault.config.VaultConfig;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Grandfather-father-son retention over UTC calendar periods: the newest good backup of each of the
 * last {@code daily} days, {@code weekly} ISO weeks and {@code monthly} months that have one is
 * kept, and so is the newest good backup whatever the settings. Backups whose last verification
 * failed are neither counted nor deleted: an operator decides about them.
 */
record Retention(int daily, int weekly, int monthly) {

  static Retention of(VaultConfig.Retention config) {
    return new Retention(config.daily(), config.weekly(), config.monthly());
  }

  /** The backups to delete. */
  List<Backup> expired(List<Backup> backups) {
    List<Backup> good =
        backups.stream()
            .filter(Backup::good)
            .sorted(Comparator.comparing(Backup::createdAt).reversed())
            .toList();
    Set<Backup> keep = new LinkedHashSet<>();
    if (!good.isEmpty()) {
      keep.add(good.get(0));
    }
    keep.addAll(newestPerPeriod(good, daily, date -> date.toString()));
    keep.addAll(
        newestPerPeriod(
            good,
            weekly,
            date ->
                date.get(IsoFields.WEEK_BASED_YEAR)
                    + "-W"
                    + date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
    keep.addAll(
        newestPerPeriod(good, monthly, date -> date.getYear() + "-" + date.getMonthValue()));
    return good.stream().filter(backup -> !keep.contains(backup)).toList();
  }

  /** From newest-first backups, the first of each of the first {@code periods} periods. */
  private static Set<Backup> newestPerPeriod(
      List<Backup> newestFirst, int periods, Function<LocalDate, String> period) {
    Set<String> seen = new HashSet<>();
    Set<Backup> kept = new LinkedHashSet<>();
    for (Backup backup : newestFirst) {
      if (seen.size() >= periods && !seen.contains(key(backup, period))) {
        break;
      }
      if (seen.add(key(backup, period))) {
        kept.add(backup);
      }
    }
    return kept;
  }

  private static String key(Backup backup, Function<LocalDate, String> period) {
    return period.apply(LocalDate.ofInstant(backup.createdAt(), ZoneOffset.UTC));
  }
}
