package dev.engram.console.health;

import dev.engram.console.client.Wire;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Reflector's last 24 hours, from its run records: per hour, how many runs, turns read and
 * memories extracted, inserted, updated (touched or superseded) and skipped.
 */
public record ReflectorDay(List<Hour> hours, Hour total, boolean partial) {

  /** One hour's runs (or the day's total); {@code ago} is how many hours before now it ended. */
  public record Hour(
      int ago,
      long runs,
      long exchangesRead,
      long extracted,
      long inserted,
      long updated,
      long skipped,
      long failed) {

    Hour plus(Wire.ReflectorRun r) {
      return new Hour(
          ago,
          runs + 1,
          exchangesRead + r.exchangesRead(),
          extracted + r.extracted(),
          inserted + r.inserted(),
          updated + r.touched() + r.superseded(),
          skipped + r.skipped(),
          failed + ("FAILED".equalsIgnoreCase(r.status()) ? 1 : 0));
    }

    /** The hour as a person reads it. */
    public String name() {
      return ago == 0 ? "the last hour" : ago + "–" + (ago + 1) + " h ago";
    }
  }

  static final int HOURS = 24;

  /**
   * The runs started in the 24 hours before {@code now}, bucketed by hour (oldest first); {@code
   * partial} when the pages read did not reach back 24 hours.
   */
  static ReflectorDay of(List<Wire.ReflectorRun> runs, Instant now, boolean partial) {
    Hour[] hours = new Hour[HOURS];
    for (int i = 0; i < HOURS; i++) {
      hours[i] = new Hour(HOURS - 1 - i, 0, 0, 0, 0, 0, 0, 0);
    }
    Hour total = new Hour(-1, 0, 0, 0, 0, 0, 0, 0);
    for (Wire.ReflectorRun r : runs) {
      Instant started = instant(r.startedAt());
      if (started == null || started.isAfter(now)) {
        continue;
      }
      long ago = Duration.between(started, now).toHours();
      if (ago < HOURS) {
        int i = (int) (HOURS - 1 - ago);
        hours[i] = hours[i].plus(r);
        total = total.plus(r);
      }
    }
    return new ReflectorDay(List.of(hours), total, partial);
  }

  /** Hours with at least one run, newest first: the table beside the chart. */
  public List<Hour> busyHours() {
    List<Hour> busy = new ArrayList<>();
    for (int i = hours.size() - 1; i >= 0; i--) {
      if (hours.get(i).runs() > 0) {
        busy.add(hours.get(i));
      }
    }
    return busy;
  }

  /**
   * Whether the run started before {@code since} (or cannot be read): older pages are not needed.
   */
  static boolean before(Wire.ReflectorRun r, Instant since) {
    Instant started = instant(r.startedAt());
    return started == null || started.isBefore(since);
  }

  private static Instant instant(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
