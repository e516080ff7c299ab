package dev.engram.capture.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.memory.MemoryCategory;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The deterministic extractor on single turns (OpenNLP models loaded once). */
class DeterministicExtractorTest {

  private static final Instant SAID = Instant.parse("2026-03-12T10:00:00Z");
  private static DeterministicExtractor extractor;
  private static ExplicitRemember remember;

  @BeforeAll
  static void models() {
    Nlp nlp = new Nlp();
    extractor = new DeterministicExtractor(nlp);
    remember = new ExplicitRemember(nlp);
  }

  private static List<Finding> from(String text) {
    return extractor
        .extractNow(List.of(new Statement(7, "alice", "user", text, SAID, null)))
        .findings();
  }

  private static String triples(String text) {
    return String.join(
        "; ",
        from(text).stream()
            .filter(f -> f.fact() != null)
            .map(f -> f.fact().predicate() + "=" + f.fact().object())
            .toList());
  }

  @Test
  void firstPersonProfileFactsBecomeTriplesAboutTheSpeaker() {
    assertEquals(
        "name=Alice Smith; lives_in=Lisbon",
        triples("Hi! My name is Alice Smith and I live in Lisbon."));
    assertEquals(
        "works_at=Acme Corp; job_title=designer", triples("I work at Acme Corp as a designer."));
    assertEquals("age=34", triples("I'm 34 years old."));
    assertEquals("works_at=Acme Corp", triples("I work at Acme Corp."));
    assertEquals("has_pet=Miso", triples("I have a cat named Miso."));
    assertEquals("has_sister=Maria", triples("My sister is Maria."));
    assertEquals("married_to=Bob", triples("I'm married to Bob."));
    assertEquals("favorite_color=green", triples("My favourite colour is green."));
    assertEquals(
        "likes=hiking; likes=swimming; dislikes=coffee",
        triples("I love hiking and swimming, but I don't like coffee."));
    assertEquals("prefers=tea", triples("I prefer tea over coffee."));
    assertEquals("allergic_to=peanuts", triples("I'm allergic to peanuts."));
    Finding home = from("I live in Lisbon.").getFirst();
    assertEquals("alice lives in Lisbon", home.text());
    assertEquals(MemoryCategory.PROFILE, home.category());
    assertEquals("alice", home.fact().subject());
    assertEquals(List.of(7L), home.exchangeIds());
    assertEquals(DeterministicExtractor.NAME, home.extractor());
    assertTrue(home.extractorVersion().contains("opennlp"));
  }

  @Test
  void datesMakeTheFactValidFromTheEventTime() {
    Finding moved = from("Actually, I moved to Porto last week.").getFirst();
    assertEquals("lives_in=Porto", moved.fact().predicate() + "=" + moved.fact().object());
    assertEquals(Instant.parse("2026-03-02T00:00:00Z"), moved.validFrom());
    assertTrue(moved.correction());
    Finding job = from("I started a new job at Globex yesterday.").getFirst();
    assertEquals("Globex", job.fact().object());
    assertEquals(Instant.parse("2026-03-11T00:00:00Z"), job.validFrom());
    assertEquals(
        SAID, from("I live in Lisbon.").getFirst().validFrom(), "no date: when it was said");
  }

  @Test
  void decisionsCommitmentsEventsAndCorrections() {
    Finding decision = from("We decided to use Postgres for the record.").getFirst();
    assertEquals(MemoryCategory.DECISION, decision.category());
    assertNull(decision.fact());
    Finding commitment = from("I'll send you the report by Friday.").getFirst();
    assertEquals(MemoryCategory.EVENT, commitment.category());
    assertEquals("commitment", commitment.metadata().get("kind"));
    assertEquals("2026-03-13", commitment.metadata().get("due"));
    assertEquals("alice will send you the report on 2026-03-13.", commitment.text());
    Finding event = from("We went to the Louvre last Friday.").getFirst();
    assertEquals("event", event.metadata().get("kind"));
    assertEquals(Instant.parse("2026-03-06T00:00:00Z"), event.validFrom());
    assertEquals("We went to the Louvre on 2026-03-06.", event.text());
    Finding correction = from("No, the project deadline is March 27.").getFirst();
    assertTrue(correction.correction());
    assertEquals("The project deadline is on 2026-03-27.", correction.text());
  }

  @Test
  void theQualityGateDropsFillerQuestionsAndFragments() {
    for (String text :
        List.of(
            "ok thanks!",
            "lol",
            "What's the weather like in Porto?",
            "I like it.",
            "Do you remember when we met?",
            "Hmm, great.")) {
      var extraction =
          extractor.extractNow(List.of(new Statement(1, "alice", "user", text, SAID, null)));
      assertTrue(extraction.findings().isEmpty(), text);
      assertTrue(extraction.skipped() > 0, text);
    }
  }

  @Test
  void profileFactsComeFromUsersAndFindingsFromQuarantinedTurnsStayQuarantined() {
    var bot =
        extractor.extractNow(
            List.of(
                new Statement(
                    1, "bot", "assistant", "I live in the cloud and I love Paris.", SAID, null)));
    assertTrue(
        bot.findings().stream().allMatch(f -> f.fact() == null),
        "an assistant's 'I' is not the user");
    var poisoned =
        extractor.extractNow(
            List.of(
                new Statement(2, "alice", "user", "I live in Lisbon.", SAID, "html: '<script'")));
    assertEquals("html: '<script'", poisoned.findings().getFirst().quarantine());
  }

  @Test
  void explicitRememberIsReadInManyPhrasings() {
    var profile =
        remember.findings(
            new Statement(
                3, "alice", "user", "Please remember I'm allergic to shellfish.", SAID, null),
            0.95);
    assertEquals(1, profile.size());
    assertEquals("allergic_to", profile.getFirst().fact().predicate());
    assertEquals(0.95, profile.getFirst().confidence());
    assertEquals(MemoryCategory.PROFILE, profile.getFirst().category());
    var event =
        remember.findings(
            new Statement(
                4,
                "alice",
                "user",
                "Remember that my dentist appointment is next Tuesday.",
                SAID,
                null),
            0.95);
    assertEquals("alice's dentist appointment is on 2026-03-17.", event.getFirst().text());
    assertEquals(MemoryCategory.EVENT, event.getFirst().category());
    var note =
        remember.findings(
            new Statement(
                5, "alice", "user", "Don't forget: the wifi password is hunter2.", SAID, null),
            0.95);
    assertEquals(MemoryCategory.KNOWLEDGE, note.getFirst().category());
    var chinese =
        remember.findings(new Statement(6, "alice", "user", "记住我的生日是五月三日", SAID, null), 0.95);
    assertEquals("我的生日是五月三日", chinese.getFirst().text());
    assertTrue(
        remember
            .findings(
                new Statement(8, "alice", "user", "Do you remember when we met?", SAID, null), 0.95)
            .isEmpty());
    assertTrue(
        remember
            .findings(
                new Statement(9, "bot", "assistant", "I will remember that.", SAID, null), 0.95)
            .isEmpty());
    assertTrue(
        remember
            .findings(
                new Statement(10, "alice", "user", "I remember the old days fondly.", SAID, null),
                0.95)
            .isEmpty());
  }
}
