package dev.engram.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.engram.common.error.EngramException;
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
}
