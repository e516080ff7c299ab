package dev.engram.capture.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** TextRank picks the sentences the others share words with, not the first ones. */
class TextRankTest {

  @Test
  void picksTheCentralSentencesInTheirOrderNotTheFirstOnes() {
    List<String> sentences =
        List.of(
            "My cousin called about his cat yesterday evening",
            "The garden renovation needs new soil and a new fence",
            "Traffic on the motorway was terrible this morning",
            "The new fence for the garden will be oak",
            "We bought soil for the garden beds",
            "Someone parked a red bicycle outside");
    List<Integer> top = TextRank.top(words(sentences), 2);
    assertEquals(List.of(1, 3), top);
  }

  @Test
  void isDeterministicAndKeepsEverythingWhenThereIsRoom() {
    List<String> sentences = List.of("alpha beta gamma", "delta epsilon", "alpha delta");
    assertEquals(List.of(0, 1, 2), TextRank.top(words(sentences), 5));
    assertEquals(TextRank.top(words(sentences), 1), TextRank.top(words(sentences), 1));
    assertEquals(List.of(2), TextRank.top(words(sentences), 1), "it shares words with both");
  }

  private static List<List<String>> words(List<String> sentences) {
    return sentences.stream()
        .map(s -> Arrays.asList(s.toLowerCase(Locale.ROOT).split(" ")))
        .toList();
  }
}
