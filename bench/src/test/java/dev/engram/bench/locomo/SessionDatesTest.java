package dev.engram.bench.locomo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SessionDatesTest {

  @Test
  void readsTheLocomoFormAsUtc() {
    assertEquals(at("2023-05-08T13:56:00Z"), SessionDates.parse("1:56 pm on 8 May, 2023"));
    assertEquals(at("2022-10-09T10:58:00Z"), SessionDates.parse("10:58 am on 9 October, 2022"));
  }

  @Test
  void noonAndMidnightFollowTheTwelveHourClock() {
    assertEquals(at("2023-09-13T00:09:00Z"), SessionDates.parse("12:09 am on 13 September, 2023"));
    assertEquals(at("2023-09-13T12:30:00Z"), SessionDates.parse("12:30 pm on 13 September, 2023"));
  }

  @Test
  void toleratesCaseAbbreviationsAndAMissingComma() {
    assertEquals(at("2023-12-19T10:04:00Z"), SessionDates.parse("10:04 AM on 19 Dec 2023"));
    assertEquals(at("2023-09-01T21:00:00Z"), SessionDates.parse(" 9:00 p.m. on 1 Sept, 2023 "));
  }

  @Test
  void refusesWhatIsNotADate() {
    assertEquals(Optional.empty(), SessionDates.parse(null));
    assertEquals(Optional.empty(), SessionDates.parse("yesterday"));
    assertEquals(Optional.empty(), SessionDates.parse("13:10 pm on 8 May, 2023"));
    assertEquals(Optional.empty(), SessionDates.parse("1:10 pm on 31 April, 2023"));
    assertEquals(Optional.empty(), SessionDates.parse("1:10 pm on 3 Smarch, 2023"));
  }

  @Test
  void aSessionWithoutAUsableDateFollowsThePreviousOneByADay() {
    List<String> warnings = new ArrayList<>();
    List<Instant> starts =
        SessionDates.starts(
            List.of(
                session(1, null), session(2, "1:56 pm on 8 May, 2023"), session(3, "not a date")),
            warnings);
    assertEquals(
        List.of(
            SessionDates.FALLBACK_START,
            Instant.parse("2023-05-08T13:56:00Z"),
            Instant.parse("2023-05-09T13:56:00Z")),
        starts);
    assertEquals(2, warnings.size());
    assertTrue(warnings.get(1).contains("session_3"), warnings.get(1));
  }

  @Test
  void turnsGetSuccessiveSecondsSoTheirOrderIsKept() {
    Instant start = Instant.parse("2023-05-08T13:56:00Z");
    assertEquals(start, SessionDates.turnTime(start, 0));
    assertEquals(Instant.parse("2023-05-08T13:56:07Z"), SessionDates.turnTime(start, 7));
  }

  private static Optional<Instant> at(String iso) {
    return Optional.of(Instant.parse(iso));
  }

  private static LocomoData.Session session(int n, String date) {
    return new LocomoData.Session(n, date, List.of());
  }
}
