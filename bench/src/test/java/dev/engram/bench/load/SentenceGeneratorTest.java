package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SentenceGeneratorTest {

  @Test
  void theSameSeedAndIndexGiveTheSameMemory() {
    SentenceGenerator a = new SentenceGenerator(42, 20, 0.1);
    SentenceGenerator b = new SentenceGenerator(42, 20, 0.1);
    assertEquals(a.memory(123_456), b.memory(123_456));
    assertNotEquals(a.memory(1), new SentenceGenerator(43, 20, 0.1).memory(1));
  }

  @Test
  void memoriesVaryInWordsCategoriesAndScope() {
    SentenceGenerator g = new SentenceGenerator(7, 20, 0.1);
    Set<String> texts = new HashSet<>();
    Set<String> categories = new HashSet<>();
    int inChats = 0;
    for (int i = 0; i < 5000; i++) {
      SentenceGenerator.SyntheticMemory m = g.memory(i);
      texts.add(m.text());
      categories.add(m.category());
      inChats += m.chat() == null ? 0 : 1;
      assertTrue(m.text().length() > 30 && m.text().length() < 300, m.text());
    }
    assertTrue(texts.size() > 4990, "distinct texts: " + texts.size());
    assertEquals(Set.of("PROFILE", "EVENT", "KNOWLEDGE", "DECISION"), categories);
    assertTrue(inChats > 400 && inChats < 600, "chat memories: " + inChats);
  }

  @Test
  void queriesAreQuestionsInAChat() {
    SentenceGenerator g = new SentenceGenerator(7, 20, 0.1);
    for (int i = 0; i < 200; i++) {
      SentenceGenerator.SyntheticQuery q = g.query(i);
      assertTrue(q.query().endsWith("?") && !q.query().contains("{"), q.query());
      assertTrue(q.chat().matches("chat-([0-9]|1[0-9])"), q.chat());
    }
  }
}
