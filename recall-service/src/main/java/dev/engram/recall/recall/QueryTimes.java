package dev.engram.recall.recall;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.SearchHit;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The times a query names, for the time signal: a date ("October 13, 2023", "1 February, 2023"), a
 * month of a year ("July 2023"), a month alone ("in June": that month of any year), a year ("in
 * 2022"), or a time relative to the reference ("yesterday", "last week", "last month", "last
 * year"). Each becomes a span of time, widened after its end (a conversation tells of an event
 * during or soon after it). A heuristic like {@link ProperNouns}: no model, microseconds, and a
 * miss only means the signal stays out. Dates are read in UTC.
 */
final class QueryTimes {

  /** A span of creation times a named time stands for. */
  sealed interface Span {
    boolean covers(Instant t);
  }

  /** [from, to). */
  record Range(Instant from, Instant to) implements Span {
    @Override
    public boolean covers(Instant t) {
      return !t.isBefore(from) && t.isBefore(to);
    }
  }

  /** A month of any year, with the days after it that still count. */
  record MonthOfYear(Month month, int graceDays) implements Span {
    @Override
    public boolean covers(Instant t) {
      LocalDate d = t.atZone(ZoneOffset.UTC).toLocalDate();
      LocalDate start = LocalDate.of(d.getYear(), month, 1);
      LocalDate previous = start.minusYears(1);
      return within(d, start) || within(d, previous);
    }

    private boolean within(LocalDate d, LocalDate start) {
      return !d.isBefore(start) && d.isBefore(start.plusMonths(1).plusDays(graceDays));
    }
  }

  private static final int DAY_GRACE = 7;
  private static final int MONTH_GRACE = 15;
  private static final String MONTHS =
      "(january|february|march|april|may|june|july|august|september|october|november|december)";
  private static final Pattern MONTH_DAY_YEAR =
      Pattern.compile("\\b" + MONTHS + "\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d\\d)\\b");
  private static final Pattern DAY_MONTH_YEAR =
      Pattern.compile(
          "\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?" + MONTHS + ",?\\s+((?:19|20)\\d\\d)\\b");
  private static final Pattern MONTH_YEAR =
      Pattern.compile("\\b" + MONTHS + ",?\\s+((?:19|20)\\d\\d)\\b");
  private static final Pattern MONTH =
      Pattern.compile("\\b(?:in|during|of|since|last)\\s+" + MONTHS + "\\b");
  private static final Pattern YEAR = Pattern.compile("\\b((?:19|20)\\d\\d)\\b");
  private static final Pattern RELATIVE =
      Pattern.compile("\\b(yesterday|last\\s+week|last\\s+month|last\\s+year)\\b");

  private QueryTimes() {}

  /**
   * The spans {@code query} names, each once; the most specific reading of each phrase wins. Once,
   * because {@link #within} checks every candidate against every span: a query that repeats "in
   * 2022" a hundred thousand times (a body up to 1 MiB) must not multiply that work.
   */
  static List<Span> in(String query, Instant reference) {
    String q = query.toLowerCase(Locale.ROOT);
    Set<Span> spans = new LinkedHashSet<>();
    StringBuilder rest = new StringBuilder(q);
    for (Pattern p : List.of(MONTH_DAY_YEAR, DAY_MONTH_YEAR)) {
      Matcher m = p.matcher(rest);
      while (m.find()) {
        boolean monthFirst = p == MONTH_DAY_YEAR;
        Month month = month(m.group(monthFirst ? 1 : 2));
        int day = Integer.parseInt(m.group(monthFirst ? 2 : 1));
        int year = Integer.parseInt(m.group(3));
        if (day >= 1 && day <= month.length(java.time.Year.isLeap(year))) {
          LocalDate d = LocalDate.of(year, month, day);
          spans.add(range(d, d.plusDays(1 + DAY_GRACE)));
        }
        blank(rest, m);
      }
    }
    Matcher m = MONTH_YEAR.matcher(rest);
    while (m.find()) {
      LocalDate start = LocalDate.of(Integer.parseInt(m.group(2)), month(m.group(1)), 1);
      spans.add(range(start, start.plusMonths(1).plusDays(MONTH_GRACE)));
      blank(rest, m);
    }
    m = MONTH.matcher(rest);
    while (m.find()) {
      spans.add(new MonthOfYear(month(m.group(1)), MONTH_GRACE));
      blank(rest, m);
    }
    m = YEAR.matcher(rest);
    while (m.find()) {
      LocalDate start = LocalDate.of(Integer.parseInt(m.group(1)), 1, 1);
      spans.add(range(start, start.plusYears(1)));
    }
    m = RELATIVE.matcher(q);
    LocalDate today = reference.atZone(ZoneOffset.UTC).toLocalDate();
    while (m.find()) {
      String what = m.group(1).replaceAll("\\s+", " ");
      spans.add(
          switch (what) {
            case "yesterday" -> range(today.minusDays(1), today.plusDays(1));
            case "last week" -> range(today.minusWeeks(2), today);
            case "last month" -> range(today.minusMonths(2), today);
            default -> range(today.minusYears(2), today); // last year
          });
    }
    return List.copyOf(spans);
  }

  /** The candidates created in one of the spans, all scored 1: the list lifts them alike. */
  static List<SearchHit> within(Collection<IndexDocument> candidates, List<Span> spans) {
    return candidates.stream()
        .filter(d -> spans.stream().anyMatch(s -> s.covers(d.createdAt())))
        .map(d -> new SearchHit(d, 1.0))
        .toList();
  }

  private static Range range(LocalDate from, LocalDate to) {
    return new Range(
        from.atStartOfDay(ZoneOffset.UTC).toInstant(), to.atStartOfDay(ZoneOffset.UTC).toInstant());
  }

  private static Month month(String name) {
    for (Month m : Month.values()) {
      if (m.getDisplayName(TextStyle.FULL, Locale.ENGLISH).equalsIgnoreCase(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException(name);
  }

  /** Hides a matched phrase from the less specific patterns that come after. */
  private static void blank(StringBuilder text, Matcher m) {
    for (int i = m.start(); i < m.end(); i++) {
      text.setCharAt(i, ' ');
    }
  }
}
