package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryTimesTest {

  static final Instant NOW = Instant.parse("2026-05-08T12:00:00Z");

  @Test
  void aDateCoversThatDayAndTheWeekAfter() {
    for (String q :
        List.of(
            "What painting did Melanie show on October 13, 2023?",
            "What did Gina find on 13 October, 2023?")) {
      List<QueryTimes.Span> spans = QueryTimes.in(q, NOW);
      assertEquals(1, spans.size(), q + " is one date, not also a month and a year");
      assertTrue(covers(spans, "2023-10-13T18:00:00Z"));
      assertTrue(covers(spans, "2023-10-19T18:00:00Z"));
      assertFalse(covers(spans, "2023-10-12T18:00:00Z"));
      assertFalse(covers(spans, "2023-11-13T18:00:00Z"));
    }
  }

  @Test
  void aMonthOfAYearAMonthAloneAndAYear() {
    var july2023 = QueryTimes.in("What did they paint in July 2023?", NOW);
    assertTrue(covers(july2023, "2023-07-20T10:00:00Z"));
    assertTrue(covers(july2023, "2023-08-10T10:00:00Z"), "told of soon after");
    assertFalse(covers(july2023, "2022-07-20T10:00:00Z"));
    var june = QueryTimes.in("When did Melanie go camping in June?", NOW);
    assertTrue(covers(june, "2022-06-03T10:00:00Z"));
    assertTrue(covers(june, "2023-06-30T10:00:00Z"));
    assertFalse(covers(june, "2023-09-01T10:00:00Z"));
    var year = QueryTimes.in("How many times has she gone to the beach in 2023?", NOW);
    assertTrue(covers(year, "2023-12-31T10:00:00Z"));
    assertFalse(covers(year, "2024-01-01T10:00:00Z"));
  }

  @Test
  void relativeTimesCountFromTheReference() {
    var lastWeek = QueryTimes.in("What did Alice cook last week?", NOW);
    assertTrue(covers(lastWeek, "2026-05-01T10:00:00Z"));
    assertFalse(covers(lastWeek, "2026-03-01T10:00:00Z"));
  }

  @Test
  void aQueryWithoutTimesHasNone() {
    assertEquals(List.of(), QueryTimes.in("Where does Alice live? May I ask?", NOW));
  }

  /** Every candidate is checked against every span: a repeated phrase is one span, not many. */
  @Test
  void aRepeatedTimeIsOneSpan() {
    String q = "in 2022 in june yesterday ".repeat(10_000);
    assertEquals(3, QueryTimes.in(q, NOW).size());
  }

  private static boolean covers(List<QueryTimes.Span> spans, String at) {
    return spans.stream().anyMatch(s -> s.covers(Instant.parse(at)));
  }
}
