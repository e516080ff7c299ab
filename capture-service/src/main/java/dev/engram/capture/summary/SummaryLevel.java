package dev.engram.capture.summary;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Optional;

/**
 * The levels of the summary DAG: a day of a chat's exchanges, an ISO week (Monday to Sunday) of its
 * days, a calendar month of its weeks (a week belongs to the month it starts in). Periods are UTC.
 */
public enum SummaryLevel {
  DAY,
  WEEK,
  MONTH;

  /** The first day of the period {@code day} falls in. */
  LocalDate start(LocalDate day) {
    return switch (this) {
      case DAY -> day;
      case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTH -> day.withDayOfMonth(1);
    };
  }

  /** The day after the period that starts on {@code start}. */
  LocalDate end(LocalDate start) {
    return switch (this) {
      case DAY -> start.plusDays(1);
      case WEEK -> start.plusWeeks(1);
      case MONTH -> start.plusMonths(1);
    };
  }

  /** The level below, whose summaries this one is made of (none for a day: its exchanges). */
  Optional<SummaryLevel> below() {
    return switch (this) {
      case DAY -> Optional.empty();
      case WEEK -> Optional.of(DAY);
      case MONTH -> Optional.of(WEEK);
    };
  }

  /** How the period reads in a summary's first line. */
  String label(LocalDate start) {
    return switch (this) {
      case DAY -> "the day " + start;
      case WEEK -> "the week of " + start;
      case MONTH -> "the month " + start.toString().substring(0, 7);
    };
  }

  /** The name in metadata and configuration. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The level of a metadata or configuration value, if it is one. */
  public static Optional<SummaryLevel> of(String wire) {
    for (SummaryLevel l : values()) {
      if (l.wire().equalsIgnoreCase(wire == null ? "" : wire.strip())) {
        return Optional.of(l);
      }
    }
    return Optional.empty();
  }
}
