package dev.engram.capture.summary;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.extract.Nlp;
import dev.engram.capture.extract.QualityGate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Checks a model's summary before it may become one: it is untrusted text. The answer must be the
 * schema's JSON; at most {@code k} sentences are kept, each at most {@link #MAX_SENTENCE_CHARS}; a
 * speaker must be one of the lines' speakers; and every sentence must be grounded — at least {@link
 * #GROUNDED} of its content words (nouns, verbs, adjectives, numbers; compared by their first
 * {@link #STEM} letters so "ordered" meets "order") occur in the lines it summarizes. One
 * ungrounded sentence or invented speaker refuses the whole answer (a model that invents once is
 * not trusted for the rest); a sentence the quality gate drops (a pleasantry, a question) is left
 * out. The poisoning gate then applies to the summary like to any Reflector memory (SummaryWriter).
 */
final class SummaryCheck {

  static final String SCHEMA_NAME = "engram_summary";

  static final int MAX_SENTENCE_CHARS = 400;

  /** Share of a sentence's content words that must occur in the covered lines. */
  static final double GROUNDED = 0.75;

  static final int STEM = 5;

  private SummaryCheck() {}

  /** Why an answer was refused; the caller falls back to TextRank. */
  static final class Refused extends RuntimeException {
    Refused(String why) {
      super(why, null, false, false);
    }
  }

  static JsonNode schema(ObjectMapper json) {
    try {
      return json.readTree(
          """
          {"type":"object","additionalProperties":false,"required":["sentences"],
           "properties":{"sentences":{"type":"array","items":{"type":"object",
             "additionalProperties":false,"required":["speaker","text"],
             "properties":{"speaker":{"type":["string","null"]},"text":{"type":"string"}}}}}}""");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The summary lines of a model's answer about {@code inputs}, each tagged with the exchange of
   * the input line it shares most words with (null for weeks and months); throws {@link Refused}.
   */
  static List<ExtractiveSummarizer.Line> lines(
      String answer, List<ExtractiveSummarizer.Line> inputs, int k, Nlp nlp, ObjectMapper json) {
    JsonNode sentences;
    try {
      sentences = json.readTree(answer).path("sentences");
    } catch (IOException e) {
      throw new Refused("the answer is not JSON");
    }
    if (!sentences.isArray() || sentences.isEmpty()) {
      throw new Refused("the answer has no sentences");
    }
    Set<String> speakers = new HashSet<>();
    List<Set<String>> inputStems = new ArrayList<>();
    Set<String> allStems = new HashSet<>();
    for (ExtractiveSummarizer.Line l : inputs) {
      if (l.speaker() != null) {
        speakers.add(l.speaker().toLowerCase(Locale.ROOT));
      }
      Set<String> stems = stems(nlp.words(l.render()));
      inputStems.add(stems);
      allStems.addAll(stems);
    }
    List<ExtractiveSummarizer.Line> kept = new ArrayList<>();
    for (JsonNode s : sentences) {
      if (kept.size() == k) {
        break;
      }
      String text = s.path("text").asText("").replaceAll("\\s+", " ").strip();
      String speaker = s.path("speaker").isTextual() ? s.path("speaker").asText().strip() : null;
      if (text.isEmpty() || text.length() > MAX_SENTENCE_CHARS) {
        throw new Refused("a sentence is empty or longer than " + MAX_SENTENCE_CHARS);
      }
      if (speaker != null && !speaker.isEmpty()) {
        if (!speakers.contains(speaker.toLowerCase(Locale.ROOT))) {
          throw new Refused("a speaker who is not in the lines");
        }
      } else {
        speaker = null;
      }
      Nlp.Sentence analysed = nlp.analyse(text);
      Set<String> content = new HashSet<>();
      analysed.tokens().stream()
          .filter(Nlp.Token::content)
          .forEach(t -> content.addAll(stems(List.of(t.lower()))));
      if (content.isEmpty() || QualityGate.check(analysed) != null) {
        continue;
      }
      long grounded = content.stream().filter(allStems::contains).count();
      if (grounded < GROUNDED * content.size()) {
        throw new Refused("a sentence the lines do not support");
      }
      kept.add(new ExtractiveSummarizer.Line(speaker, text, source(content, inputs, inputStems)));
    }
    if (kept.isEmpty()) {
      throw new Refused("no sentence passed the quality gate");
    }
    return kept;
  }

  /** The exchange of the input line sharing most stems with the sentence (first on ties). */
  private static Long source(
      Set<String> content, List<ExtractiveSummarizer.Line> inputs, List<Set<String>> inputStems) {
    Long best = null;
    long most = 0;
    for (int i = 0; i < inputs.size(); i++) {
      long shared = inputStems.get(i).stream().filter(content::contains).count();
      if (shared > most && inputs.get(i).exchangeId() != null) {
        most = shared;
        best = inputs.get(i).exchangeId();
      }
    }
    return best;
  }

  private static Set<String> stems(List<String> words) {
    Set<String> stems = new HashSet<>();
    for (String w : words) {
      String lower = w.toLowerCase(Locale.ROOT).replaceAll("'s$", "");
      if (lower.chars().anyMatch(Character::isLetterOrDigit)) {
        stems.add(lower.length() > STEM ? lower.substring(0, STEM) : lower);
      }
    }
    return stems;
  }
}
