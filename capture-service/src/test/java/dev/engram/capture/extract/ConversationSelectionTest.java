package dev.engram.capture.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which turns of a conversation become memories (issue 15, support): a short answer to the other
 * person's question is noted, the same words said in passing are not; pep talk, show-and-tell,
 * "let's do it", "no doubt" and "sorry about" are not findings; a date that is a sentence's subject
 * is not written into it; a dated sentence about "we" alone is shared chit-chat; tastes and
 * promises said in passing are held to the same bar as any remark in passing.
 */
class ConversationSelectionTest {

  private static final Instant SAID = Instant.parse("2026-03-12T10:00:00Z");
  private static DeterministicExtractor extractor;

  @BeforeAll
  static void models() {
    extractor = new DeterministicExtractor(new Nlp());
  }

  /** Turns alternate between anna and sam, one second apart; turn i is exchange i + 1. */
  private static Map<Long, List<Finding>> run(String... turns) {
    List<Statement> statements = new ArrayList<>();
    for (int i = 0; i < turns.length; i++) {
      String speaker = i % 2 == 0 ? "anna" : "sam";
      statements.add(new Statement(i + 1, speaker, "user", turns[i], SAID.plusSeconds(i), null));
    }
    return extractor.extractNow(statements).findings().stream()
        .collect(Collectors.groupingBy(f -> f.exchangeIds().getFirst()));
  }

  private static List<String> texts(Map<Long, List<Finding>> found, long turn) {
    return found.getOrDefault(turn, List.of()).stream().map(Finding::text).toList();
  }

  @Test
  void aShortAnswerToAQuestionIsNotedAndTheSameRemarkInPassingIsNot() {
    String answer = "I adopted a rescue dog from the shelter.";
    Map<Long, List<Finding>> asked = run("Nice to see you. How are your pets?", answer);
    assertEquals(
        List.of("sam adopted a rescue dog from the shelter."),
        texts(asked, 2),
        "an answer to the other person's question");
    Map<Long, List<Finding>> passing = run("The weather was lovely today.", answer);
    assertTrue(texts(passing, 2).isEmpty(), "the same words, asked by no one: " + passing);
  }

  @Test
  void tastesAndPromisesSaidInPassingAreNotNotedButAnsweredOnesAre() {
    Map<Long, List<Finding>> passing =
        run(
            "The weather was lovely today.",
            "What can I say, I love turtles. So, what's been happening with you?",
            "Here is the book I told you about.",
            "Thanks! I'll definitely add it to my list.");
    assertTrue(texts(passing, 2).isEmpty(), "a taste in passing: " + passing);
    assertTrue(texts(passing, 4).isEmpty(), "a promise in passing: " + passing);
    Map<Long, List<Finding>> asked =
        run(
            "What do you do for fun?",
            "I love turtles.",
            "Any plans for the summer?",
            "I'm going to a pottery workshop in Lisbon next month.");
    assertEquals(List.of("sam likes turtles"), texts(asked, 2), "a taste, asked for");
    assertEquals(1, texts(asked, 4).size(), "a plan, asked for: " + asked);
    assertEquals("commitment", asked.get(4L).getFirst().metadata().get("kind"));
  }

  @Test
  void aTasteIsNotCutFromItsObjectNorReadIntoAReaction() {
    Map<Long, List<Finding>> found =
        run(
            "What do you like about them?",
            "I like holding them.",
            "Look at the cake I made!",
            "Wow, I love the color and texture!");
    assertFalse(
        texts(found, 2).contains("sam likes holding"),
        "a gerund without its object says nothing: " + found);
    assertTrue(
        texts(found, 4).stream().noneMatch(t -> t.contains("likes color")),
        "'the colour' of the cake at hand is a reaction, not a taste: " + found);
  }

  @Test
  void theFirstTurnAfterAPauseOpensAConversationAndIsNoted() {
    List<Statement> statements =
        List.of(
            new Statement(1, "anna", "user", "The weather was lovely today.", SAID, null),
            new Statement(
                2,
                "sam",
                "user",
                "I adopted a rescue dog from the shelter.",
                SAID.plusSeconds(3 * 3600),
                null));
    List<Finding> found = extractor.extractNow(statements).findings();
    assertEquals(1, found.size(), found.toString());
    assertEquals(List.of(2L), found.getFirst().exchangeIds());
  }

  @Test
  void pepTalkAndShowAndTellAreNotFindings() {
    Map<Long, List<Finding>> found =
        run(
            "What's next for you?",
            "It's been tough, but I'm gonna make it happen! I'll keep pushing and never give up.",
            "How was the trip?",
            "Here's a pic from our trip last week! Check out this view.",
            "Any plans?",
            "Let's make some awesome memories next weekend!",
            "Do you think it will work?",
            "No doubt you'll nail it. Hang in there!");
    for (long turn = 1; turn <= 8; turn++) {
      assertTrue(texts(found, turn).isEmpty(), "turn " + turn + ": " + found.get(turn));
    }
  }

  @Test
  void onlySetOffCuesAreCorrectionsAndLetsDoItIsNoDecision() {
    assertFalse(Cues.CORRECTION.matcher("No doubt you'll nail it").lookingAt());
    assertFalse(Cues.CORRECTION.matcher("Sorry about your job").lookingAt());
    assertTrue(Cues.CORRECTION.matcher("No, the deadline is Friday").lookingAt());
    assertTrue(Cues.CORRECTION.matcher("Sorry, I meant Tuesday").lookingAt());
    assertTrue(Cues.CORRECTION.matcher("Actually the meeting moved").lookingAt());
    assertFalse(Cues.DECISION.matcher("Let's do it, Sam!").find());
    assertTrue(Cues.DECISION.matcher("Let's go with the blue one").find());
  }

  @Test
  void aDateThatIsTheSubjectIsNotWrittenIn() {
    Nlp nlp = new Nlp();
    assertTrue(
        DeterministicExtractor.dateOf(nlp.analyse("Tomorrow's gonna be a blast for me!"), SAID)
            .isEmpty());
    assertTrue(
        DeterministicExtractor.dateOf(nlp.analyse("Last week was really eye-opening."), SAID)
            .isEmpty());
    assertEquals(
        "2026-03-11",
        DeterministicExtractor.dateOf(nlp.analyse("Yesterday I went to the fair."), SAID)
            .orElseThrow()
            .date()
            .toString());
  }

  @Test
  void aDatedSentenceAboutWeAloneIsSharedChitChatInAConversation() {
    Map<Long, List<Finding>> found =
        run(
            "How have you been?",
            "We had a blast at the picnic last weekend!",
            "And you?",
            "I started a pottery class at the community center last weekend.");
    assertTrue(texts(found, 2).isEmpty(), "we alone: " + found.get(2L));
    List<String> own = texts(found, 4);
    assertEquals(1, own.size(), "a person's own dated event is kept: " + found);
    assertTrue(own.getFirst().contains("sam started a pottery class"), own.getFirst());
  }
}
