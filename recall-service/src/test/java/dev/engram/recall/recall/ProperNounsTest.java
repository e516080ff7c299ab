package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProperNounsTest {

  @Test
  void findsNamesButNotQuestionWords() {
    assertEquals(List.of("Alice"), ProperNouns.in("Where does Alice live?", 5));
    assertEquals(
        List.of("Caroline", "LGBTQ"),
        ProperNouns.in("When did Caroline go to the LGBTQ support group?", 5));
    assertEquals(
        List.of("Bob", "New York"), ProperNouns.in("Did Bob's trip to New York go well?", 5));
  }

  @Test
  void joinsAdjacentCapitalsAndStripsPossessives() {
    assertEquals(List.of("Melanie Smith"), ProperNouns.in("What is Melanie Smith's job?", 5));
    assertEquals(List.of("Alice", "Bob"), ProperNouns.in("Tell me about Alice, and Bob", 5));
    assertEquals(List.of("Alice", "Lisbon"), ProperNouns.in("How was Alice's Lisbon trip?", 5));
    assertEquals(List.of("QZX4471"), ProperNouns.in("status of ticket QZX4471", 5));
    assertEquals(List.of(), ProperNouns.in("what did we decide on Monday in May?", 5));
  }

  @Test
  void respectsTheLimit() {
    assertEquals(List.of("Alice", "Carol"), ProperNouns.in("Alice met Carol and Dave", 2));
  }

  @Test
  void mentionsMeansTheExactWord() {
    assertTrue(ProperNouns.mentions("Alice moved to Porto", "Alice"));
    assertTrue(ProperNouns.mentions("It was Alice's idea", "Alice"));
    assertTrue(ProperNouns.mentions("We flew to New York.", "New York"));
    assertFalse(ProperNouns.mentions("alice moved", "Alice"), "case matters");
    assertFalse(ProperNouns.mentions("Alicea moved", "Alice"), "whole words");
    assertFalse(ProperNouns.mentions("MalAlice", "Alice"));
  }
}
