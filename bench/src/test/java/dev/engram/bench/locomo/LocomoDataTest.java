package dev.engram.bench.locomo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A two-session file made up for the test (no LoCoMo text in the repository). */
class LocomoDataTest {

  private static final String FILE =
      """
      [{"sample_id": "s-1",
        "conversation": {
          "speaker_a": "Ann", "speaker_b": "Bob",
          "session_10_date_time": "9:00 am on 2 June, 2023",
          "session_10": [{"speaker": "Bob", "dia_id": "D10:1", "text": "later"}],
          "session_2_date_time": "8:00 am on 1 June, 2023",
          "session_2": [
            {"speaker": "Ann", "dia_id": "D2:1", "text": "hi", "blip_caption": "a red kite"},
            {"speaker": "Bob", "dia_id": "D2:2", "text": "hello"}],
          "session_11_date_time": "a date without a session"},
        "qa": [
          {"question": "What did Ann fly?", "answer": "a kite", "evidence": ["D2:1"], "category": 4},
          {"question": "Who never spoke?", "adversarial_answer": "Cy", "evidence": [], "category": 5}],
        "event_summary": {}}]
      """;

  @Test
  void readsSessionsInNumericOrderWithTheirDatesAndQuestionsInFileOrder(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("data.json");
    Files.writeString(file, FILE);
    List<LocomoData.Conversation> data = LocomoData.read(file);

    assertEquals(1, data.size());
    LocomoData.Conversation c = data.getFirst();
    assertEquals("s-1", c.sampleId());
    assertEquals("Ann", c.speakerA());
    assertEquals(List.of(2, 10), c.sessions().stream().map(LocomoData.Session::number).toList());
    assertEquals("8:00 am on 1 June, 2023", c.sessions().getFirst().dateTime());
    assertEquals(3, c.turnCount());
    assertEquals(List.of("D2:1", "D2:2", "D10:1"), List.copyOf(c.turnIds()));
    LocomoData.Turn first = c.sessions().getFirst().turns().getFirst();
    assertEquals("a red kite", first.caption());
    assertNull(c.sessions().getFirst().turns().get(1).caption());
    assertEquals(1, c.questions().get(1).index());
    assertEquals(5, c.questions().get(1).category());
    assertEquals(List.of("D2:1"), c.questions().getFirst().evidence());
  }

  @Test
  void anExchangeIsSpeakerColonTextPlusTheCaption() {
    assertEquals(
        "Ann: hi [shares a red kite]",
        LocomoIngest.text("Ann", new LocomoData.Turn("D2:1", "Ann", " hi ", "a red kite")));
    assertEquals(
        "Bob: hello", LocomoIngest.text("Bob", new LocomoData.Turn("D2:2", "Bob", "hello", null)));
  }

  @Test
  void selectsConversationsByIdInFileOrderAndRefusesAnUnknownOne() {
    List<LocomoData.Conversation> all =
        List.of(conversation("conv-26"), conversation("conv-30"), conversation("conv-41"));
    assertEquals(all, LocomoData.select(all, null));
    assertEquals(
        List.of("conv-26", "conv-41"),
        LocomoData.select(all, "conv-41, conv-26").stream()
            .map(LocomoData.Conversation::sampleId)
            .toList());
    assertThrows(IllegalArgumentException.class, () -> LocomoData.select(all, "conv-26,conv-99"));
  }

  private static LocomoData.Conversation conversation(String id) {
    return new LocomoData.Conversation(id, "Ann", "Bob", List.of(), List.of());
  }

  @Test
  void refusesAFileThatIsNotAList(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("data.json");
    Files.writeString(file, "{\"sample_id\": \"x\"}");
    assertThrows(IOException.class, () -> LocomoData.read(file));
  }
}
