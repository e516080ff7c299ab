package dev.engram.capture.extract;

import dev.engram.capture.memory.MemoryCategory;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The default extractor, no LLM: OpenNLP splits, tokenizes and tags each turn; the quality gate
 * drops questions, filler and fragments; cue phrases find profile facts, decisions, commitments,
 * corrections and dated events; relative dates are resolved against the time of the turn.
 */
@ApplicationScoped
public class DeterministicExtractor implements Extractor {

  public static final String NAME = "deterministic";

  /**
   * Changes with the rules, so a memory's provenance says which rules wrote it (1.1: tastes and
   * promises in passing, issue 27).
   */
  public static final String VERSION = "1.1+" + Nlp.MODELS;

  private final Nlp nlp;

  public DeterministicExtractor(Nlp nlp) {
    this.nlp = nlp;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String version() {
    return VERSION;
  }

  @Override
  public Uni<Extraction> extract(List<Statement> statements) {
    return Uni.createFrom().item(() -> extractNow(statements));
  }

  /** The same, synchronously (pure CPU work). */
  public Extraction extractNow(List<Statement> statements) {
    List<Finding> findings = new ArrayList<>();
    int skipped = 0;
    for (Utterance u : Utterance.of(statements)) {
      Statement st = u.statement();
      if (!st.fromUser() && !"assistant".equals(st.role())) {
        skipped++;
        continue; // tool output and system prompts are not things a person said
      }
      List<Observed.Candidate> observations = new ArrayList<>();
      for (Nlp.Sentence said : nlp.sentences(u.text())) {
        if (Cues.remembered(said.text()) != null) {
          continue; // explicit remember was handled when the turn was stored
        }
        String bare = Utterance.withoutOpener(said.text());
        Nlp.Sentence sentence = bare.equals(said.text()) ? said : nlp.analyse(bare);
        if (QualityGate.check(sentence) != null) {
          skipped++;
          continue;
        }
        List<Finding> found = fromSentence(u, sentence);
        Optional<Observed.Candidate> observed =
            found.isEmpty() && st.fromUser() ? Observed.of(this, u, sentence) : Optional.empty();
        observed.ifPresent(observations::add);
        if (found.isEmpty() && observed.isEmpty()) {
          skipped++;
        }
        found.forEach(f -> findings.add(quarantined(st, f)));
      }
      int min = u.prompted() ? Observed.MIN_TURN_CONTENT : Observed.MIN_UNPROMPTED_CONTENT;
      List<Finding> kept = Observed.best(observations, min);
      skipped += observations.size() - kept.size();
      kept.forEach(f -> findings.add(quarantined(st, f)));
    }
    return new Extraction(findings, skipped);
  }

  private static Finding quarantined(Statement st, Finding f) {
    return st.quarantine() == null ? f : f.quarantined(st.quarantine());
  }

  private List<Finding> fromSentence(Utterance u, Nlp.Sentence sentence) {
    Statement st = u.statement();
    String text = sentence.text();
    boolean correction = Cues.CORRECTION.matcher(text).lookingAt();
    Optional<DateResolver.Mention> date = dateOf(sentence, st.occurredAt());
    Instant validFrom = date.map(DateResolver.Mention::instant).orElse(st.occurredAt());
    double bonus = correction ? 0.05 : 0;
    List<Finding> found = new ArrayList<>();
    if (st.fromUser()) {
      for (ProfileRules.Match match : ProfileRules.apply(sentence, st.speaker())) {
        if (match.taste() && inPassing(u)) {
          continue; // a taste said in passing: an observation if the turn says enough (below)
        }
        found.add(
            finding(
                st,
                match.text(),
                MemoryCategory.PROFILE,
                match.confidence() + bonus,
                match.triple(),
                validFrom,
                meta("profile", date),
                correction));
      }
    }
    if (!found.isEmpty()) {
      return found;
    }
    String free = thirdPerson(sentence, date, st.speaker(), st.fromUser() ? u.listener() : null);
    Nlp.Sentence clause = nlp.analyse(Cues.withoutCorrection(text));
    if (Cues.DECISION.matcher(text).find() && clause.contentTokens() >= 2) {
      found.add(
          finding(
              st,
              free,
              MemoryCategory.DECISION,
              0.85 + bonus,
              null,
              validFrom,
              meta("decision", date),
              correction));
    } else if (u.listener() != null && !namesSomeone(sentence)) {
      return found; // "we had a blast on Friday": shared time of the two talking, no one's fact
    } else if (Cues.COMMITMENT.matcher(text).find() && clause.contentTokens() >= 2) {
      if (inPassing(u)) {
        return found; // "I'll add it to my list": a promise in passing, as an observation or not
      }
      Map<String, String> meta = meta("commitment", date);
      date.ifPresent(d -> meta.put("due", d.date().toString()));
      found.add(
          finding(st, free, MemoryCategory.EVENT, 0.8 + bonus, null, validFrom, meta, correction));
    } else if (date.isPresent() && hasVerb(clause) && clause.contentTokens() >= 3) {
      found.add(
          finding(
              st,
              free,
              MemoryCategory.EVENT,
              0.75 + bonus,
              null,
              validFrom,
              meta("event", date),
              correction));
    } else if (correction && clause.contentTokens() >= 3) {
      found.add(
          finding(
              st,
              free,
              MemoryCategory.KNOWLEDGE,
              0.8,
              null,
              validFrom,
              meta("correction", date),
              true));
    }
    return found;
  }

  /**
   * Whether a turn is small talk between people that answers no question: there a taste or a
   * promise is mostly courtesy ("I love turtles. So, what's new?", "Thanks! I'll add it to my
   * list"). What a person tells an assistant (no other person in the batch) is never in passing.
   */
  private static boolean inPassing(Utterance u) {
    return u.listener() != null && !u.prompted();
  }

  /** The sentence as a self-contained memory: third person, the date resolved, no cue. */
  static String freeText(
      Nlp.Sentence sentence, Optional<DateResolver.Mention> date, String speaker) {
    String text = sentence.text();
    if (date.isPresent()) {
      DateResolver.Mention d = date.get();
      text = text.substring(0, d.start()) + d.phrase() + text.substring(d.end());
    }
    text = Cues.withoutCorrection(text).strip();
    text = PersonRewriter.rewrite(text, speaker);
    return text.isEmpty() || text.startsWith(speaker)
        ? text
        : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /**
   * The sentence as a self-contained memory: the date resolved, no correction cue, and in the third
   * person on its tokens ({@link ThirdPerson}), so "you" becomes the listener when known.
   */
  String thirdPerson(
      Nlp.Sentence sentence, Optional<DateResolver.Mention> date, String speaker, String listener) {
    String text = sentence.text();
    if (date.isPresent()) {
      DateResolver.Mention d = date.get();
      text = text.substring(0, d.start()) + d.phrase() + text.substring(d.end());
    }
    text = Cues.withoutCorrection(text).strip();
    if (text.isEmpty()) {
      return text;
    }
    text = ThirdPerson.rewrite(nlp.analyse(text), speaker, listener);
    return text.isEmpty() || text.startsWith(speaker)
        ? text
        : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /**
   * The date a sentence names, unless the date is its subject ("Tomorrow's gonna be a blast", "Last
   * week was eye-opening"): written as a date that only leaves a fragment ("On 2023-06-20's gonna
   * be a blast"), and it says nothing a person did.
   */
  static Optional<DateResolver.Mention> dateOf(Nlp.Sentence sentence, Instant said) {
    String text = sentence.text();
    Optional<DateResolver.Mention> date = DateResolver.find(text, said);
    if (date.isEmpty()) {
      return date;
    }
    if (text.startsWith("'s", date.get().end())) {
      return Optional.empty(); // "tomorrow's opening", "tomorrow's gonna be"
    }
    int next = sentence.tokenAt(date.get().end());
    boolean opens = text.substring(0, date.get().start()).isBlank();
    boolean subject =
        opens
            && next >= 0
            && (sentence.tokens().get(next).is("AUX") || sentence.tokens().get(next).is("VERB"));
    return subject ? Optional.empty() : date;
  }

  /**
   * Whether a sentence is about someone in particular: I/me/my, you/your, or a name; "we" and "us"
   * alone are not.
   */
  static boolean namesSomeone(Nlp.Sentence s) {
    return s.tokens().stream().anyMatch(t -> t.is("PROPN") || PERSONAL.contains(t.lower()));
  }

  private static final java.util.Set<String> PERSONAL =
      java.util.Set.of(
          "i",
          "i'm",
          "i've",
          "i'll",
          "i'd",
          "me",
          "my",
          "mine",
          "myself",
          "you",
          "you're",
          "you've",
          "you'll",
          "you'd",
          "your",
          "yours",
          "yourself");

  static boolean hasVerb(Nlp.Sentence s) {
    return s.tokens().stream()
        .anyMatch(t -> t.is("VERB") || t.is("AUX") || t.tag().contains("AUX"));
  }

  static Map<String, String> meta(String kind, Optional<DateResolver.Mention> date) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("kind", kind);
    date.ifPresent(d -> meta.put("event_time", d.date().toString()));
    return meta;
  }

  static Finding finding(
      Statement st,
      String text,
      MemoryCategory category,
      double confidence,
      Finding.Triple triple,
      Instant validFrom,
      Map<String, String> metadata,
      boolean correction) {
    return new Finding(
        text,
        category,
        Math.min(0.99, confidence),
        List.of(st.exchangeId()),
        triple,
        validFrom,
        metadata,
        correction,
        NAME,
        VERSION,
        null);
  }
}
