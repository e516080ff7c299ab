package dev.engram.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.engram.common.error.EngramException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class QueryParamsTest {

  @Test
  void anIdBeyondTheIntRangeIsALong() {
    assertEquals(3_000_000_001L, QueryParams.longValue("memory_id", " 3000000001 "));
  }

  @Test
  void absentIsNull() {
    assertNull(QueryParams.longValue("memory_id", " "));
    assertNull(QueryParams.intValue("limit", null));
  }

  @Test
  void notANumberIsA400NamingTheParameter() {
    EngramException e =
        assertThrows(EngramException.class, () -> QueryParams.longValue("memory_id", "42x"));
    assertEquals("memory_id", e.violations().getFirst().field());
    EngramException tooBig =
        assertThrows(EngramException.class, () -> QueryParams.intValue("limit", "3000000001"));
    assertEquals("integer", tooBig.violations().getFirst().rule());
  }

  @Test
  void aTimestampOutsideYears1To9999IsA400NamingTheParameter() {
    for (String value :
        new String[] {
          "+1000000000-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "-0001-06-01T00:00:00Z"
        }) {
      EngramException e =
          assertThrows(EngramException.class, () -> QueryParams.instant("as_of", value));
      assertEquals("as_of", e.violations().getFirst().field());
      assertEquals("timestamp_range", e.violations().getFirst().rule());
    }
    assertEquals(
        Instant.parse("9999-12-31T23:59:59Z"),
        QueryParams.instant("as_of", "9999-12-31T23:59:59Z"));
    assertEquals(
        Instant.parse("0001-01-01T00:00:00Z"),
        QueryParams.instant("as_of", "0001-01-01T00:00:00Z"));
  }
}
