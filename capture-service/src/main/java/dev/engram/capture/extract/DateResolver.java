package dev.engram.capture.extract;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the first date expression in a sentence and resolves it against the time the sentence was
 * said: "yesterday", "last Friday", "next month", "in May", "on 3 June", "two weeks ago",
 * "2026-05-03". Without a year, a date is the nearest one in the direction the sentence's tense
 * points to (past: the latest on or before; otherwise the earliest on or after). Dates are UTC
 * days.
 */
public final class DateResolver {

  private DateResolver() {}

  /** How precise a mention is. */
  public enum Granularity {
    DAY,
    WEEK,
    MONTH,
    YEAR
  }

  /** Which way the sentence points in time. */
  public enum Tense {
    PAST,
    FUTURE,
    PRESENT
  }

  /** A resolved mention: where it is in the sentence and the period it names. */
  public record Mention(int start, int end, LocalDate date, Granularity granularity) {

    /** The start of the period, as an instant (UTC). */
    public Instant instant() {
      return date.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** How a rewritten sentence names the period ("on 2026-05-03", "in May 2026"...). */
    public String phrase() {
      return switch (granularity) {
        case DAY -> "on " + date;
        case WEEK -> "in the week of " + date;
        case MONTH ->
            "in "
                + date.getMonth().getDisplayName(java.time.format.TextStyle.FULL, Locale.ENGLISH)
                + " "
                + date.getYear();
        case YEAR -> "in " + date.getYear();
      };
    }
  }

  private static final String MONTH =
      "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
          + "|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
  private static final String WEEKDAY =
      "(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|weds|thurs)";
  private static final String NUMBER =
      "(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|\\d{1,3})";
  private static final int F = Pattern.CASE_INSENSITIVE;

  private static final Pattern ISO = Pattern.compile("\\b(\\d{4})-(\\d{2})-(\\d{2})\\b");
  private static final Pattern DAY_MONTH =
      Pattern.compile(
          "\\b(?:on\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?\\s+"
              + MONTH
              + "\\b\\.?(?:,?\\s+(\\d{4}))?",
          F);
  private static final Pattern MONTH_DAY =
      Pattern.compile(
          "\\b(?:on\\s+)?" + MONTH + "\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?", F);
  private static final Pattern RELATIVE_DAY =
      Pattern.compile(
          "\\b(the\\s+day\\s+before\\s+yesterday|yesterday|last\\s+night|the\\s+day\\s+after\\s+tomorrow"
              + "|tomorrow|today|tonight|this\\s+(?:morning|afternoon|evening))\\b",
          F);
  private static final Pattern WEEKDAY_MENTION =
      Pattern.compile(
          "\\b(?:(last|next|this|coming|on|by|until|before|every)\\s+)?" + WEEKDAY + "(s?)\\b", F);
  private static final Pattern RELATIVE_PERIOD =
      Pattern.compile("\\b(last|next|this|coming)\\s+(week|weekend|month|year)\\b", F);
  private static final Pattern AGO =
      Pattern.compile("\\b" + NUMBER + "\\s+(day|week|month|year)s?\\s+ago\\b", F);
  private static final Pattern IN_PERIOD =
      Pattern.compile("\\bin\\s+" + NUMBER + "\\s+(day|week|month|year)s?\\b", F);
  private static final Pattern MONTH_ONLY =
      Pattern.compile(
          "\\b(?:(in|during|since|until|by|this|last|next|early|late|mid|end\\s+of|of)\\s+)"
              + MONTH
              + "\\b(?:\\s+(\\d{4}))?|\\b"
              + MONTH
              + "\\s+(\\d{4})\\b",
          F);
  private static final Pattern YEAR_ONLY =
      Pattern.compile("\\b(?:in|since|during|until)\\s+((?:19|20)\\d{2})\\b", F);

  private static final Pattern FUTURE_AUX =
      Pattern.compile("\\b(will|shall|going to|gonna|plan(?:ning)? to)\\b|'ll\\b", F);
  private static final Pattern PAST =
      Pattern.compile(
          "\\b(was|were|did|had|went|got|saw|met|came|made|took|told|said|ate|drank|left|felt"
              + "|bought|thought|found|gave|knew|ran|spoke|wrote|began|sat|flew|drove|won|lost|paid"
              + "|ago|last|yesterday|(?!need|feed|speed|seed|bleed|breed"
              + "|indeed|proceed|succeed|exceed|red|bed|shed|wed|bred|fed)\\w{2,}ed)\\b",
          F);
  private static final Pattern FUTURE_HINT =
      Pattern.compile("\\b(next|tomorrow|upcoming|coming|by|until|soon)\\b", F);

  private static final Map<String, Integer> WORDS =
      Map.ofEntries(
          Map.entry("a", 1),
          Map.entry("an", 1),
          Map.entry("one", 1),
          Map.entry("two", 2),
          Map.entry("three", 3),
          Map.entry("four", 4),
          Map.entry("five", 5),
          Map.entry("six", 6),
          Map.entry("seven", 7),
          Map.entry("eight", 8),
          Map.entry("nine", 9),
          Map.entry("ten", 10),
          Map.entry("eleven", 11),
          Map.entry("twelve", 12),
          Map.entry("a couple of", 2),
          Map.entry("a few", 3));

  /** The tense a sentence points to, from its auxiliaries and verb forms. */
  public static Tense tense(String sentence) {
    if (FUTURE_AUX.matcher(sentence).find()) {
      return Tense.FUTURE;
    }
    if (PAST.matcher(sentence).find()) {
      return Tense.PAST;
    }
    return FUTURE_HINT.matcher(sentence).find() ? Tense.FUTURE : Tense.PRESENT;
  }

  /** The first date mention in a sentence, resolved against {@code said}. */
  public static Optional<Mention> find(String sentence, Instant said) {
    LocalDate ref = LocalDate.ofInstant(said, ZoneOffset.UTC);
    Tense tense = tense(sentence);
    List<Mention> found = new ArrayList<>();
    match(ISO, sentence, m -> iso(m), found);
    match(
        DAY_MONTH, sentence, m -> dayMonth(m.group(1), m.group(2), m.group(3), ref, tense), found);
    match(
        MONTH_DAY, sentence, m -> dayMonth(m.group(2), m.group(1), m.group(3), ref, tense), found);
    match(RELATIVE_DAY, sentence, m -> relativeDay(m.group(1), ref), found);
    match(
        WEEKDAY_MENTION,
        sentence,
        m -> weekday(m.group(1), m.group(2), m.group(3), ref, tense),
        found);
    match(RELATIVE_PERIOD, sentence, m -> period(m.group(1), m.group(2), ref), found);
    match(AGO, sentence, m -> shifted(ref, -number(m.group(1)), m.group(2)), found);
    match(IN_PERIOD, sentence, m -> shifted(ref, number(m.group(1)), m.group(2)), found);
    match(MONTH_ONLY, sentence, m -> monthOnly(m, ref, tense), found);
    match(
        YEAR_ONLY,
        sentence,
        m ->
            Optional.of(
                new Resolved(LocalDate.of(Integer.parseInt(m.group(1)), 1, 1), Granularity.YEAR)),
        found);
    return found.stream()
        .min(Comparator.comparingInt(Mention::start).thenComparing(m -> -(m.end() - m.start())));
  }

  private record Resolved(LocalDate date, Granularity granularity) {}

  private interface Resolver {
    Optional<Resolved> resolve(Matcher m);
  }

  private static void match(Pattern p, String s, Resolver resolver, List<Mention> into) {
    Matcher m = p.matcher(s);
    while (m.find()) {
      try {
        Optional<Resolved> r = resolver.resolve(m);
        if (r.isPresent()) {
          into.add(new Mention(m.start(), m.end(), r.get().date(), r.get().granularity()));
          return;
        }
      } catch (java.time.DateTimeException | NumberFormatException e) {
        // not a real date ("31 February"): not a mention
      }
    }
  }

  private static Optional<Resolved> iso(Matcher m) {
    return Optional.of(
        new Resolved(
            LocalDate.of(
                Integer.parseInt(m.group(1)),
                Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3))),
            Granularity.DAY));
  }

  private static Optional<Resolved> dayMonth(
      String day, String month, String year, LocalDate ref, Tense tense) {
    int d = Integer.parseInt(day);
    int mo = month(month);
    if (year != null) {
      return Optional.of(
          new Resolved(LocalDate.of(Integer.parseInt(year), mo, d), Granularity.DAY));
    }
    LocalDate thisYear = LocalDate.of(ref.getYear(), mo, d);
    LocalDate date =
        tense == Tense.PAST
            ? (thisYear.isAfter(ref) ? thisYear.minusYears(1) : thisYear)
            : (thisYear.isBefore(ref) ? thisYear.plusYears(1) : thisYear);
    return Optional.of(new Resolved(date, Granularity.DAY));
  }

  private static Optional<Resolved> relativeDay(String phrase, LocalDate ref) {
    String p = phrase.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    int shift =
        switch (p) {
          case "the day before yesterday" -> -2;
          case "yesterday", "last night" -> -1;
          case "the day after tomorrow" -> 2;
          case "tomorrow" -> 1;
          default -> 0;
        };
    return Optional.of(new Resolved(ref.plusDays(shift), Granularity.DAY));
  }

  private static Optional<Resolved> weekday(
      String modifier, String day, String plural, LocalDate ref, Tense tense) {
    String mod = modifier == null ? "" : modifier.toLowerCase(Locale.ROOT);
    if (mod.equals("every") || !plural.isEmpty()) {
      return Optional.empty(); // a habit, not a date
    }
    DayOfWeek dow = dayOfWeek(day);
    LocalDate date =
        switch (mod) {
          case "last" -> ref.with(TemporalAdjusters.previous(dow));
          case "next", "coming" -> ref.with(TemporalAdjusters.next(dow));
          case "this" -> ref.with(DayOfWeek.MONDAY).with(TemporalAdjusters.nextOrSame(dow));
          case "by", "until", "before" -> ref.with(TemporalAdjusters.nextOrSame(dow));
          default ->
              tense == Tense.PAST
                  ? ref.with(TemporalAdjusters.previousOrSame(dow))
                  : ref.with(TemporalAdjusters.nextOrSame(dow));
        };
    return Optional.of(new Resolved(date, Granularity.DAY));
  }

  private static Optional<Resolved> period(String modifier, String unit, LocalDate ref) {
    String mod = modifier.toLowerCase(Locale.ROOT);
    int shift = mod.equals("last") ? -1 : mod.equals("this") ? 0 : 1;
    return switch (unit.toLowerCase(Locale.ROOT)) {
      case "week" ->
          Optional.of(new Resolved(ref.with(DayOfWeek.MONDAY).plusWeeks(shift), Granularity.WEEK));
      case "weekend" -> {
        LocalDate saturday = ref.with(TemporalAdjusters.nextOrSame(DayOfWeek.SATURDAY));
        if (ref.getDayOfWeek() == DayOfWeek.SUNDAY) {
          saturday = ref.minusDays(1);
        }
        yield Optional.of(new Resolved(saturday.plusWeeks(shift), Granularity.DAY));
      }
      case "month" ->
          Optional.of(new Resolved(ref.withDayOfMonth(1).plusMonths(shift), Granularity.MONTH));
      default -> Optional.of(new Resolved(ref.withDayOfYear(1).plusYears(shift), Granularity.YEAR));
    };
  }

  private static Optional<Resolved> shifted(LocalDate ref, int amount, String unit) {
    ChronoUnit u =
        switch (unit.toLowerCase(Locale.ROOT)) {
          case "day" -> ChronoUnit.DAYS;
          case "week" -> ChronoUnit.WEEKS;
          case "month" -> ChronoUnit.MONTHS;
          default -> ChronoUnit.YEARS;
        };
    LocalDate date = ref.plus(amount, u);
    Granularity g =
        switch (u) {
          case DAYS, WEEKS -> Granularity.DAY;
          case MONTHS -> Granularity.MONTH;
          default -> Granularity.YEAR;
        };
    if (g == Granularity.MONTH) {
      date = date.withDayOfMonth(1);
    } else if (g == Granularity.YEAR) {
      date = date.withDayOfYear(1);
    }
    return Optional.of(new Resolved(date, g));
  }

  private static Optional<Resolved> monthOnly(Matcher m, LocalDate ref, Tense tense) {
    String modifier = m.group(1) == null ? "" : m.group(1).toLowerCase(Locale.ROOT);
    String monthName = m.group(2) != null ? m.group(2) : m.group(4);
    String year = m.group(2) != null ? m.group(3) : m.group(5);
    int mo = month(monthName);
    if (year != null) {
      return Optional.of(
          new Resolved(LocalDate.of(Integer.parseInt(year), mo, 1), Granularity.MONTH));
    }
    boolean ambiguous = monthName.equalsIgnoreCase("may") || monthName.equalsIgnoreCase("march");
    boolean weakModifier = modifier.isEmpty() || modifier.equals("this") || modifier.equals("of");
    if (ambiguous && weakModifier && !Character.isUpperCase(monthName.charAt(0))) {
      return Optional.empty(); // "this may take a while" is not a month
    }
    LocalDate thisYear = LocalDate.of(ref.getYear(), mo, 1);
    LocalDate refMonth = ref.withDayOfMonth(1);
    boolean past = modifier.equals("last") || modifier.equals("since") || tense == Tense.PAST;
    boolean future = modifier.equals("next");
    LocalDate date;
    if (past && !future) {
      date = thisYear.isAfter(refMonth) ? thisYear.minusYears(1) : thisYear;
    } else {
      date = thisYear.isBefore(refMonth) ? thisYear.plusYears(1) : thisYear;
      if (future && !date.isAfter(refMonth)) {
        date = date.plusYears(1);
      }
    }
    return Optional.of(new Resolved(date, Granularity.MONTH));
  }

  private static int number(String word) {
    String w = word.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    Integer n = WORDS.get(w);
    return n != null ? n : Integer.parseInt(w);
  }

  private static int month(String name) {
    String m = name.toLowerCase(Locale.ROOT);
    return switch (m.substring(0, 3)) {
      case "jan" -> 1;
      case "feb" -> 2;
      case "mar" -> 3;
      case "apr" -> 4;
      case "may" -> 5;
      case "jun" -> 6;
      case "jul" -> 7;
      case "aug" -> 8;
      case "sep" -> 9;
      case "oct" -> 10;
      case "nov" -> 11;
      default -> 12;
    };
  }

  private static DayOfWeek dayOfWeek(String name) {
    String d = name.toLowerCase(Locale.ROOT);
    return switch (d.substring(0, 3)) {
      case "mon" -> DayOfWeek.MONDAY;
      case "tue" -> DayOfWeek.TUESDAY;
      case "wed" -> DayOfWeek.WEDNESDAY;
      case "thu" -> DayOfWeek.THURSDAY;
      case "fri" -> DayOfWeek.FRIDAY;
      case "sat" -> DayOfWeek.SATURDAY;
      default -> DayOfWeek.SUNDAY;
    };
  }
}
