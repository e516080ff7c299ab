package dev.engram.capture.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.memory.MemoryCategory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A scripted conversation between two people, stored as a transcript ("name: text") like the LoCoMo
 * bench does: what a careful reader would note about each of them comes out in the third person,
 * standing alone; pleasantries and promises to the other person do not.
 */
class ConversationObservationsTest {

  private static final Instant SAID = Instant.parse("2026-03-12T10:00:00Z");
  private static DeterministicExtractor extractor;

  @BeforeAll
  static void models() {
    extractor = new DeterministicExtractor(new Nlp());
  }

  private static final String[][] SCRIPT = {
    {"sam", "sam: Hey Anna! Samantha and I have decided to move in together."},
    {"anna", "anna: That's amazing, congrats! I'm so happy for you."},
    {
      "anna",
      "Yeah, I've been painting a lot lately, my landscapes are finally getting better and I sold"
          + " two of them."
    },
    {"sam", "Thanks, I'll keep that in mind. I'll let you know how it goes."},
    {"sam", "I loved your painting of the lake, I go running by that lake every morning."},
    {"anna", "My brother works as a nurse at the city hospital and he loves his job."},
    {"sam", "Yesterday, I visited my parents in Oregon with my kids. [shares a photo of a farm]"},
    {"anna", "Good luck with the move! Hope everything works out."},
    {"sam", "Sounds fun."}
  };

  private static Map<Long, List<String>> byTurn() {
    List<Statement> statements = new ArrayList<>();
    for (int i = 0; i < SCRIPT.length; i++) {
      statements.add(new Statement(i + 1, SCRIPT[i][0], "user", SCRIPT[i][1], SAID, null));
    }
    return extractor.extractNow(statements).findings().stream()
        .collect(
            Collectors.groupingBy(
                f -> f.exchangeIds().getFirst(),
                Collectors.mapping(Finding::text, Collectors.toList())));
  }

  @Test
  void eachPersonsFactsAreThirdPersonSentencesWithoutSpeakerPrefixes() {
    Map<Long, List<String>> found = byTurn();
    assertEquals(
        List.of("Samantha and sam have decided to move in together."),
        found.get(1L),
        "a decision of two people: the verb stays plural, the transcript's prefix and the"
            + " greeting go");
    assertEquals(
        List.of(
            "anna has been painting a lot lately, anna's landscapes are finally getting better"
                + " and anna sold two of them."),
        found.get(3L),
        "a hobby and an event, the discourse marker dropped");
    assertEquals(
        List.of(
            "sam loved anna's painting of the lake, sam goes running by that lake every morning."),
        found.get(5L),
        "what one says about the other: 'your' is the listener; 'I go' agrees as 'sam goes'");
    assertEquals(
        List.of("anna's brother works as a nurse at the city hospital and he loves his job."),
        found.get(6L),
        "a relative's job is not the speaker's");
    assertEquals(
        List.of("On 2026-03-11, sam visited sam's parents in Oregon with sam's kids."),
        found.get(7L),
        "the date resolved, the shared photo's caption not read as speech");
  }

  @Test
  void pleasantriesAndPromisesToTheOtherPersonAreDropped() {
    Map<Long, List<String>> found = byTurn();
    for (long turn : new long[] {2, 4, 8, 9}) {
      assertTrue(!found.containsKey(turn), "turn " + turn + ": " + found.get(turn));
    }
  }

  @Test
  void observationsAreCategorisedAndKeepTheirProvenance() {
    List<Statement> one =
        List.of(
            new Statement(
                42,
                "anna",
                "user",
                "I've been volunteering at the animal shelter on weekends and walking the old"
                    + " dogs.",
                SAID,
                null));
    Finding f = extractor.extractNow(one).findings().getFirst();
    assertEquals(List.of(42L), f.exchangeIds());
    assertEquals(MemoryCategory.KNOWLEDGE, f.category());
    assertEquals("observation", f.metadata().get("kind"));
    assertEquals(SAID, f.validFrom());
    assertEquals(
        "anna has been volunteering at the animal shelter on weekends and walking the old dogs.",
        f.text());
  }

  @Test
  void shortTurnsAndGenericTalkAreNotObservations() {
    for (String text :
        new String[] {
          "I went too.", "Pets bring so much joy to us and make us feel understood.", "You rock."
        }) {
      List<Statement> one = List.of(new Statement(1, "anna", "user", text, SAID, null));
      assertTrue(extractor.extractNow(one).findings().isEmpty(), text);
    }
  }

  @Test
  void theVerbOfAResolvedSubjectAgrees() {
    assertEquals("has", ThirdPerson.agreeing("have"));
    assertEquals("goes", ThirdPerson.agreeing("go"));
    assertEquals("studies", ThirdPerson.agreeing("study"));
    assertEquals("watches", ThirdPerson.agreeing("watch"));
    assertEquals("plays", ThirdPerson.agreeing("play"));
    assertEquals("went", ThirdPerson.agreeing("went"));
    assertEquals("decided", ThirdPerson.agreeing("decided"));
    assertEquals("can", ThirdPerson.agreeing("can"));
    assertEquals("doesn't", ThirdPerson.agreeing("don't"));
  }
}
