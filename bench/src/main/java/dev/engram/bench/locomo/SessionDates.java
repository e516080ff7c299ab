package dev.engram.bench.locomo;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When each session took place. LoCoMo writes {@code "1:56 pm on 8 May, 2023"}; taken as UTC. Turns
 * get successive seconds after their session's start so that their order is kept.
 */
public final class SessionDates {

  private static final Pattern DATE_TIME =
      Pattern.compile(
          "^\\s*(\\d{1,2}):(\\d{2})\\s*([ap])\\.?\\s*m\\.?\\s+on\\s+(\\d{1,2})\\s+([a-z]+)\\.?,?\\s+(\\d{4})\\s*$",
          Pattern.CASE_INSENSITIVE);

  private static final Map<String, Integer> MONTHS =
      Map.ofEntries(
          Map.entry("jan", 1),
          Map.entry("feb", 2),
          Map.entry("mar", 3),
          Map.entry("apr", 4),
          Map.entry("may", 5),
          Map.entry("jun", 6),
          Map.entry("jul", 7),
          Map.entry("aug", 8),
          Map.entry("sep", 9),
          Map.entry("oct", 10),
          Map.entry("nov", 11),
          Map.entry("dec", 12));

  /** Where a file gives no usable date for its first session. */
  static final Instant FALLBACK_START = Instant.parse("2023-01-01T12:00:00Z");

  /** A session without a usable date follows the previous one by this much. */
  static final Duration FALLBACK_GAP = Duration.ofDays(1);

  private SessionDates() {}

  /** {@code "1:56 pm on 8 May, 2023"} → 2023-05-08T13:56:00Z; empty when not in that form. */
  public static Optional<Instant> parse(String text) {
    if (text == null) {
      return Optional.empty();
    }
    Matcher m = DATE_TIME.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    int hour = Integer.parseInt(m.group(1));
    int minute = Integer.parseInt(m.group(2));
    String month = m.group(5).toLowerCase(Locale.ROOT);
    Integer monthNumber = month.length() >= 3 ? MONTHS.get(month.substring(0, 3)) : null;
    if (hour < 1 || hour > 12 || minute > 59 || monthNumber == null) {
      return Optional.empty();
    }
    boolean pm = m.group(3).equalsIgnoreCase("p");
    int hour24 = hour % 12 + (pm ? 12 : 0);
    try {
      return Optional.of(
          LocalDateTime.of(
                  Integer.parseInt(m.group(6)),
                  monthNumber,
                  Integer.parseInt(m.group(4)),
                  hour24,
                  minute)
              .toInstant(ZoneOffset.UTC));
    } catch (java.time.DateTimeException e) {
      return Optional.empty(); // e.g. 31 April
    }
  }

  /**
   * The start of every session, in order. A missing or unreadable date becomes the previous
   * session's start plus a day (the first: 2023-01-01), and is reported through {@code warnings}.
   */
  public static List<Instant> starts(List<LocomoData.Session> sessions, List<String> warnings) {
    List<Instant> starts = new ArrayList<>(sessions.size());
    Instant previous = null;
    for (LocomoData.Session s : sessions) {
      Optional<Instant> parsed = parse(s.dateTime());
      Instant start;
      if (parsed.isPresent()) {
        start = parsed.get();
      } else {
        start = previous == null ? FALLBACK_START : previous.plus(FALLBACK_GAP);
        warnings.add(
            "session_"
                + s.number()
                + ": date "
                + (s.dateTime() == null ? "missing" : "'" + s.dateTime() + "' not understood")
                + ", using "
                + start);
      }
      starts.add(start);
      previous = start;
    }
    return starts;
  }

  /** When turn {@code index} (0-based) of a session starting at {@code start} was said. */
  public static Instant turnTime(Instant start, int index) {
    return start.plusSeconds(index);
  }
}
