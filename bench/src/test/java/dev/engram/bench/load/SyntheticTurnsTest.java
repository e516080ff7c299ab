package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SyntheticTurnsTest {

  /** capture's explicit-remember cues: a user turn that starts a sentence so becomes a memory. */
  private static final Pattern REMEMBER_CUE =
      Pattern.compile(
          "(^|[.!?] )(remember|don't forget|note|keep in mind|for the record|save this)\\b",
          Pattern.CASE_INSENSITIVE);

  private final SyntheticTurns turns =
      new SyntheticTurns(new SentenceGenerator(42, 20, 0.1), "load");

  @Test
  void theSameSeedAgentAndChatGiveTheSameTurns() {
    SyntheticTurns again = new SyntheticTurns(new SentenceGenerator(42, 20, 0.1), "load");
    assertEquals(turns.turn(3, 1234), again.turn(3, 1234));
    assertEquals(turns.batchEnd(3, 1234, 10_000), again.batchEnd(3, 1234, 10_000));
    SyntheticTurns otherSeed = new SyntheticTurns(new SentenceGenerator(43, 20, 0.1), "load");
    assertNotEquals(turns.turn(3, 1234), otherSeed.turn(3, 1234));
    assertNotEquals(turns.turn(3, 1234), turns.turn(4, 1234));
  }

  @Test
  void aPersonAndTheAgentTakeTurnsInEachChat() {
    for (int chat : new int[] {0, 7, 19}) {
      String person = turns.person(chat);
      assertTrue(person.matches("[A-Z][a-z]+ [A-Z][a-z-]+"), person);
      for (long k = 0; k < 200; k++) {
        SyntheticTurns.Turn t = turns.turn(chat, k);
        assertEquals(k % 2 == 0 ? "user" : "assistant", t.role());
        assertEquals(k % 2 == 0 ? person : "load", t.speaker());
      }
    }
    assertNotEquals(turns.person(0), turns.person(1));
  }

  @Test
  void messagesAreShortAndAnswersLongerLikeAChat() {
    List<Integer> user = new ArrayList<>();
    List<Integer> assistant = new ArrayList<>();
    for (long k = 0; k < 4000; k++) {
      SyntheticTurns.Turn t = turns.turn(5, k);
      (k % 2 == 0 ? user : assistant).add(t.text().length());
      assertFalse(t.text().contains("{"), t.text());
      assertFalse(t.text().isBlank());
      if (k % 2 == 0) {
        assertFalse(REMEMBER_CUE.matcher(t.text()).find(), "would become a memory: " + t.text());
      }
    }
    double userMean = user.stream().mapToInt(i -> i).average().orElseThrow();
    double assistantMean = assistant.stream().mapToInt(i -> i).average().orElseThrow();
    assertTrue(userMean > 40 && userMean < 160, "user mean " + userMean);
    assertTrue(assistantMean > 200 && assistantMean < 500, "assistant mean " + assistantMean);
    assertTrue(user.stream().allMatch(n -> n >= 15 && n <= 400), "user " + user);
    assertTrue(assistant.stream().allMatch(n -> n >= 40 && n <= 1200), "assistant " + assistant);
  }

  @Test
  void noTurnRepeatsWithinAChatSoCaptureStoresEveryOne() {
    // capture stores the same text from the same speaker in the same chat once within a minute
    Set<String> seen = new HashSet<>();
    for (long k = 0; k < 20_000; k++) {
      SyntheticTurns.Turn t = turns.turn(2, k);
      assertTrue(seen.add(t.speaker() + "\u0000" + t.text()), "repeated: " + t.text());
    }
  }

  @Test
  void theTurnsAreSpreadEvenlyAndAChatOnlyGrows() {
    long total = 0;
    for (int c = 0; c < turns.chats(); c++) {
      long n = turns.turnsIn(c, 10_007);
      assertTrue(n == 500 || n == 501, "chat " + c + ": " + n);
      assertTrue(turns.turnsIn(c, 20_000) >= n);
      total += n;
    }
    assertEquals(10_007, total);
  }

  @Test
  void requestsAreMostlyATurnAndItsReplyAndStartWithTheUser() {
    List<long[]> requests = requests(7, 0, 10_000);
    int pairs = 0;
    for (long[] r : requests.subList(0, requests.size() - 1)) { // the last may be cut short
      long size = r[1] - r[0];
      assertTrue(size == 1 || size == 2 || size == 4, "size " + size);
      assertTrue(size == 1 || r[0] % 2 == 0, "a request of " + size + " starts with the answer");
      pairs += size == 2 ? 1 : 0;
    }
    double mean = 10_000.0 / requests.size();
    assertTrue(mean > 1.8 && mean < 2.3, "turns per request " + mean);
    assertTrue(pairs > 0.6 * requests.size(), "pairs " + pairs + " of " + requests.size());
  }

  @Test
  void aLargerSetKeepsTheSmallerOnesRequestsAndContinuesFromItsEnd() {
    List<long[]> small = requests(4, 0, 1001);
    List<long[]> large = requests(4, 0, 3000);
    for (int i = 0; i < small.size() - 1; i++) {
      assertEquals(
          List.of(small.get(i)[0], small.get(i)[1]), List.of(large.get(i)[0], large.get(i)[1]));
    }
    assertEquals(1001, small.getLast()[1]);
    List<long[]> resumed = requests(4, 1001, 3000);
    assertEquals(1001, resumed.getFirst()[0]);
    assertTrue(resumed.getFirst()[1] - 1001 <= 4);
  }

  @Test
  void aRequestBodyIsWhatCaptureAccepts() {
    JsonNode body = turns.body(9, 10, 14);
    JsonNode items = body.get("exchanges");
    assertEquals(4, items.size());
    for (int i = 0; i < 4; i++) {
      JsonNode item = items.get(i);
      assertEquals("load", item.get("agent").asText());
      assertEquals("chat-9", item.get("chat").asText());
      assertEquals(i % 2 == 0 ? "user" : "assistant", item.get("role").asText());
      assertEquals(turns.turn(9, 10 + i).text(), item.get("text").asText());
      assertEquals(Integer.toString(10 + i), item.get("metadata").get("n").asText());
      // capture's speaker rule: a name of 1-64 letters, digits, spaces or ._@:'-
      assertTrue(
          item.get("speaker").asText().matches("[\\p{L}\\p{N}._@:'-][\\p{L}\\p{N} ._@:'-]{0,63}"));
    }
  }

  /** The requests that post turns {@code [from, to)} of {@code chat}, as {@code [start, end)}. */
  private List<long[]> requests(int chat, long from, long to) {
    List<long[]> requests = new ArrayList<>();
    for (long k = from; k < to; ) {
      long end = turns.batchEnd(chat, k, to);
      assertTrue(end > k && end <= to);
      requests.add(new long[] {k, end});
      k = end;
    }
    return requests;
  }
}
