package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExchangeIngestTest {

  private final SyntheticTurns turns =
      new SyntheticTurns(new SentenceGenerator(42, 3, 0.1), "load");

  @Test
  void theStateKeepsEachChatsLongestAcknowledgedPrefix() {
    Map<String, Long> done =
        ExchangeIngest.done(List.of("chat-0 2", "chat-1 4", "chat-0 6", "", "chat-0 5", "  "));
    assertEquals(Map.of("chat-0", 6L, "chat-1", 4L), done);
  }

  @Test
  void aFreshRunPostsEveryChatFromItsFirstTurn() {
    assertEquals(
        List.of("0:0-4", "1:0-3", "2:0-3"), ranges(ExchangeIngest.missing(turns, Map.of(), 10)));
  }

  @Test
  void aResumedRunPostsOnlyWhatFollowsEachChatsPrefix() {
    Map<String, Long> done = Map.of("chat-0", 4L, "chat-1", 5L);
    assertEquals(
        List.of("0:4-34", "1:5-34", "2:0-33"), ranges(ExchangeIngest.missing(turns, done, 101)));
    // a smaller set than the one stored: only the chat that has none yet
    assertEquals(List.of("2:0-3"), ranges(ExchangeIngest.missing(turns, done, 10)));
  }

  private static List<String> ranges(List<long[]> missing) {
    return missing.stream().map(m -> m[0] + ":" + m[1] + "-" + m[2]).toList();
  }
}
