package dev.engram.capture.extract;

import dev.engram.capture.memory.MemoryCategory;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a careful reader notes about the people in a conversation when no cue rule matched: a
 * statement a speaker makes about themselves, their own (my …), or the person they talk to —
 * events, plans, feelings, hobbies, possessions, places — written as a third-person sentence that
 * stands alone. The most contentful two of a turn become one memory: the rest of a long turn is
 * usually colour, not a fact.
 */
final class Observed {

  private Observed() {}

  /** Most observations kept from one turn. */
  static final int PER_TURN = 2;

  /**
   * Content words the kept sentences of a turn must say together when it answers a question or
   * opens the conversation ({@link Utterance#prompted()}): what people then say of themselves is
   * mostly worth noting, so a short answer counts too ("I'm keen to try your recipe").
   */
  static final int MIN_TURN_CONTENT = 3;

  /**
   * The same for a turn that answers no question: a remark in passing is noted only when it says a
   * lot; tastes and promises said in passing are held to it too (see docs/benchmarks/capture.md,
   * third round).
   */
  static final int MIN_UNPROMPTED_CONTENT = 7;

  /**
   * Nouns, verbs, adjectives and numbers one sentence needs to be a candidate; the turn's threshold
   * above decides whether its candidates are noted.
   */
  static final int MIN_CONTENT = 2;

  /** A candidate observation and how much it says (its content words). */
  record Candidate(Finding finding, int content) {}

  private static final Set<String> SPEAKER =
      Set.of("i", "i'm", "i've", "i'll", "i'd", "me", "my", "mine", "myself");

  /** The sentence as an observation, when it is about a person and says enough. */
  static Optional<Candidate> of(
      DeterministicExtractor extractor, Utterance u, Nlp.Sentence sentence) {
    int content = sentence.contentTokens();
    if (content < MIN_CONTENT
        || !DeterministicExtractor.hasVerb(sentence)
        || !aboutSpeaker(sentence)) {
      return Optional.empty();
    }
    Statement st = u.statement();
    Optional<DateResolver.Mention> date = DeterministicExtractor.dateOf(sentence, st.occurredAt());
    Instant validFrom = date.map(DateResolver.Mention::instant).orElse(st.occurredAt());
    String text = extractor.thirdPerson(sentence, date, st.speaker(), u.listener());
    Map<String, String> meta = DeterministicExtractor.meta("observation", date);
    Finding finding =
        DeterministicExtractor.finding(
            st,
            text,
            date.isPresent() ? MemoryCategory.EVENT : MemoryCategory.KNOWLEDGE,
            0.6,
            null,
            validFrom,
            meta,
            false);
    return Optional.of(new Candidate(finding, content));
  }

  /**
   * One memory per turn: its {@link #PER_TURN} most contentful candidates in the order they were
   * said, when together they say at least {@code minTurnContent} content words.
   */
  static List<Finding> best(List<Candidate> candidates, int minTurnContent) {
    List<Candidate> top =
        candidates.stream()
            .sorted(Comparator.comparingInt(Candidate::content).reversed())
            .limit(PER_TURN)
            .toList();
    if (top.stream().mapToInt(Candidate::content).sum() < minTurnContent) {
      return List.of();
    }
    List<Finding> kept = candidates.stream().filter(top::contains).map(Candidate::finding).toList();
    if (kept.size() == 1) {
      return kept;
    }
    Finding first =
        kept.stream()
            .filter(f -> f.category() == MemoryCategory.EVENT)
            .findFirst()
            .orElse(kept.getFirst());
    String text = String.join(" ", kept.stream().map(Finding::text).toList());
    return List.of(
        new Finding(
            text,
            first.category(),
            first.confidence(),
            first.exchangeIds(),
            null,
            first.validFrom(),
            first.metadata(),
            false,
            first.extractor(),
            first.extractorVersion(),
            null));
  }

  /**
   * Whether the speaker speaks of themselves ("I", "me", "my"). "We" alone is too often people in
   * general ("pets bring us joy"), and a sentence only about the listener is mostly a reaction
   * ("your studio is gonna make a difference"): measured on LoCoMo, both lowered support more than
   * they added coverage. The listener still appears when the speaker does ("I loved your
   * painting").
   */
  private static boolean aboutSpeaker(Nlp.Sentence sentence) {
    return sentence.tokens().stream().map(Nlp.Token::lower).anyMatch(SPEAKER::contains);
  }
}
