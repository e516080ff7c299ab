package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Issue 28, item 6: a query's text is cut to what the model and BM25 read. */
class RecallQueryTest {

  @Test
  void aShortQueryIsKept() {
    String query = "where does Alice live?";
    assertSame(query, RecallQuery.usable(query));
  }

  @Test
  void aLongQueryIsCutAtAWordBreak() {
    String query = "harbour crane ".repeat(3_000);
    String used = RecallQuery.usable(query);
    assertTrue(used.length() <= RecallQuery.MAX_CHARS, "" + used.length());
    assertTrue(used.length() > RecallQuery.MAX_CHARS - 100, "" + used.length());
    assertTrue(used.endsWith("harbour crane") || used.endsWith("harbour"), used);
  }

  @Test
  void aCutNeverSplitsASurrogatePair() {
    String query = "🐋".repeat(RecallQuery.MAX_CHARS); // no spaces, two chars each
    String used = RecallQuery.usable(query);
    assertEquals(0, used.length() % 2);
    assertTrue(Character.isHighSurrogate(used.charAt(used.length() - 2)));
    assertTrue(Character.isLowSurrogate(used.charAt(used.length() - 1)));
  }
}
