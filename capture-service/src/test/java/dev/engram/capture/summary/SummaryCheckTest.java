package dev.engram.capture.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.extract.Nlp;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A model's summary is untrusted: only grounded, well-formed sentences about the lines pass. */
class SummaryCheckTest {

  private static final Nlp NLP = new Nlp();
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final List<ExtractiveSummarizer.Line> DAY =
      List.of(
          new ExtractiveSummarizer.Line(
              "alice", "We are planning the garden renovation for the spring season.", 11L),
          new ExtractiveSummarizer.Line(
              "alice", "I ordered the oak wood fence panels from the garden shop.", 12L),
          new ExtractiveSummarizer.Line(
              "bob", "My cat Milo has been sick since Sunday evening.", 13L));

  private static List<ExtractiveSummarizer.Line> check(String answer, int k) {
    return SummaryCheck.lines(answer, DAY, k, NLP, JSON);
  }

  @Test
  void groundedSentencesPassWithTheExchangeTheyComeFrom() {
    List<ExtractiveSummarizer.Line> lines =
        check(
            """
            {"sentences":[
              {"speaker":"alice","text":"Alice ordered oak fence panels from the garden shop."},
              {"speaker":"Bob","text":"Bob's cat Milo has been sick since Sunday."},
              {"speaker":null,"text":"Thanks so much, that sounds great!"}]}""",
            5);
    assertEquals(2, lines.size(), "the pleasantry is dropped by the quality gate");
    assertEquals("Alice ordered oak fence panels from the garden shop.", lines.get(0).sentence());
    assertEquals(12L, lines.get(0).exchangeId());
    assertEquals("Bob", lines.get(1).speaker());
    assertEquals(13L, lines.get(1).exchangeId());
  }

  @Test
  void keepsAtMostKSentences() {
    String answer =
        """
        {"sentences":[
          {"speaker":"alice","text":"Alice ordered oak fence panels from the garden shop."},
          {"speaker":"bob","text":"Bob's cat Milo has been sick since Sunday."}]}""";
    assertEquals(1, check(answer, 1).size());
  }

  @Test
  void anInventedFactRefusesTheWholeAnswer() {
    assertThrows(
        SummaryCheck.Refused.class,
        () ->
            check(
                """
                {"sentences":[
                  {"speaker":"alice","text":"Alice ordered oak fence panels from the garden shop."},
                  {"speaker":"alice","text":"Alice won the lottery and bought a yacht in Monaco."}]}""",
                5));
  }

  @Test
  void anInventedSpeakerIsRefused() {
    assertThrows(
        SummaryCheck.Refused.class,
        () ->
            check(
                """
                {"sentences":[{"speaker":"mallory",
                  "text":"Alice ordered oak fence panels from the garden shop."}]}""",
                5));
  }

  @Test
  void malformedEmptyOrOverlongAnswersAreRefused() {
    assertThrows(SummaryCheck.Refused.class, () -> check("The garden renovation is planned.", 5));
    assertThrows(SummaryCheck.Refused.class, () -> check("{\"sentences\":[]}", 5));
    assertThrows(
        SummaryCheck.Refused.class,
        () -> check("{\"sentences\":[{\"speaker\":null,\"text\":\"Thanks, sounds great!\"}]}", 5));
    String longText = "Alice ordered oak fence panels from the garden shop. ".repeat(10);
    assertThrows(
        SummaryCheck.Refused.class,
        () ->
            check(
                "{\"sentences\":[{\"speaker\":\"alice\",\"text\":\"" + longText.strip() + "\"}]}",
                5));
  }
}
