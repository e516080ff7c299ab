package dev.engram.vault.backup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RetentionTest {

  /** Monday 2026-11-02 03:00 UTC; 2026-11-02 starts ISO week 45. */
  private static final Instant START = Instant.parse("2026-11-02T03:00:00Z");

  @Test
  void keepsExactlyTheConfiguredDaysWeeksAndMonths() {
    // One backup a day for 120 days (2026-07-05 .. 2026-11-01), plus a second one on the last day.
    List<Backup> backups = new ArrayList<>();
    for (int day = 1; day <= 120; day++) {
      backups.add(backup("d" + day, START.minus(Duration.ofDays(day))));
    }
    backups.add(backup("late", START.minus(Duration.ofDays(1)).plus(Duration.ofHours(12))));

    List<Backup> expired = new Retention(3, 2, 3).expired(backups);

    // Days: late (Nov 1), d2 (Oct 31), d3 (Oct 30). Weeks: late (Sunday Nov 1 closes ISO week 44)
    // and the newest of week 43, Sunday Oct 25 = d8. Months: late (November), d2 (October) and
    // d33 (Sep 30).
    assertEquals(new TreeSet<>(Set.of("late", "d2", "d3", "d8", "d33")), kept(backups, expired));
  }

  @Test
  void theNewestGoodBackupSurvivesEvenWithNothingConfigured() {
    List<Backup> backups =
        List.of(
            backup("a", START),
            backup("b", START.minusSeconds(60)),
            failed("bad-newest", START.plusSeconds(60)));

    List<Backup> expired = new Retention(0, 0, 0).expired(backups);

    assertEquals(List.of("b"), expired.stream().map(Backup::id).toList());
  }

  @Test
  void backupsThatFailedVerificationAreNeitherCountedNorDeleted() {
    List<Backup> backups =
        List.of(
            failed("bad", START),
            backup("good-1", START.minus(Duration.ofDays(1))),
            backup("good-2", START.minus(Duration.ofDays(2))),
            backup("good-3", START.minus(Duration.ofDays(3))));

    List<Backup> expired = new Retention(2, 0, 0).expired(backups);

    // The failed one does not take a day's place: the two newest good days stay.
    assertEquals(List.of("good-3"), expired.stream().map(Backup::id).toList());
  }

  @Test
  void anOnlyBackupIsNeverDeleted() {
    assertEquals(List.of(), new Retention(0, 0, 0).expired(List.of(backup("only", START))));
    assertEquals(List.of(), new Retention(1, 1, 1).expired(List.of()));
  }

  private static Set<String> kept(Collection<Backup> all, List<Backup> expired) {
    Set<String> kept = new TreeSet<>();
    all.forEach(backup -> kept.add(backup.id()));
    expired.forEach(backup -> kept.remove(backup.id()));
    return kept;
  }

  static Backup backup(String id, Instant at) {
    return new Backup(id, id + ".engram.tar.gz", 1, at, false, "local", null, null, true, at, null);
  }

  static Backup failed(String id, Instant at) {
    return new Backup(
        id, id + ".engram.tar.gz", 1, at, false, "local", null, null, false, at, null);
  }
}
