package dev.engram.capture.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DateResolverTest {

  /** Thursday 12 March 2026, mid-morning UTC. */
  private static final Instant SAID = Instant.parse("2026-03-12T10:00:00Z");

  private static String resolve(String sentence) {
    return DateResolver.find(sentence, SAID).map(m -> m.date() + " " + m.granularity()).orElse("-");
  }

  @Test
  void relativeDaysAndWeekdaysResolveAgainstTheTimeOfTheTurn() {
    assertEquals("2026-03-11 DAY", resolve("I went hiking yesterday."));
    assertEquals("2026-03-10 DAY", resolve("We met the day before yesterday."));
    assertEquals("2026-03-13 DAY", resolve("I'll call her tomorrow."));
    assertEquals("2026-03-06 DAY", resolve("We went to the Louvre last Friday."));
    assertEquals("2026-03-13 DAY", resolve("I'll send the report by Friday."));
    assertEquals("2026-03-16 DAY", resolve("Let's meet next Monday."));
    assertEquals(
        "2026-03-09 DAY", resolve("I saw him on Monday."), "past tense: the latest Monday");
    assertEquals("-", resolve("I go swimming every Friday."), "a habit is not a date");
  }

  @Test
  void periodsMonthsAndYears() {
    assertEquals("2026-03-02 WEEK", resolve("I moved to Porto last week."));
    assertEquals("2026-04-01 MONTH", resolve("My sister's wedding is next month."));
    assertEquals("2026-02-01 MONTH", resolve("I started there last month."));
    assertEquals("2026-05-01 MONTH", resolve("We are going to Japan in May."));
    assertEquals("2025-05-01 MONTH", resolve("We went to Japan in May."), "past: last year's May");
    assertEquals("2024-01-01 YEAR", resolve("I graduated in 2024."));
    assertEquals("2026-02-26 DAY", resolve("We adopted her two weeks ago."));
    assertEquals("2026-03-15 DAY", resolve("The results come in 3 days."));
  }

  @Test
  void calendarDates() {
    assertEquals("2026-06-03 DAY", resolve("My birthday is on 3 June."));
    assertEquals("2026-03-20 DAY", resolve("The deadline is March 20."));
    assertEquals("2025-12-24 DAY", resolve("We married on December 24th, 2025."));
    assertEquals("2026-05-03 DAY", resolve("See you on 2026-05-03."));
    assertEquals("-", resolve("This may take a while."), "the modal verb is not a month");
    assertEquals("-", resolve("I love hiking."));
  }

  @Test
  void aMentionKnowsWhereItIsAndHowToSayIt() {
    var m = DateResolver.find("I went there last Friday.", SAID).orElseThrow();
    assertEquals("last Friday", "I went there last Friday.".substring(m.start(), m.end()));
    assertEquals("on 2026-03-06", m.phrase());
    assertTrue(m.instant().toString().startsWith("2026-03-06T00:00"));
  }
}
