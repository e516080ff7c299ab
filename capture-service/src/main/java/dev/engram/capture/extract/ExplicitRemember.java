package dev.engram.capture.extract;

import dev.engram.capture.memory.MemoryCategory;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The fast path at ingest: a user turn that says "remember (that) ...", "don't forget ...", "please
 * note ...", "记住…" becomes a memory at once, with high confidence and that turn as provenance. What
 * follows the cue is read like any other sentence: a profile statement becomes a PROFILE memory and
 * a fact; anything else is kept as said (in the third person, dates resolved).
 */
@ApplicationScoped
public class ExplicitRemember {

  public static final String NAME = "explicit-remember";
  public static final String VERSION = "1.0+" + Nlp.MODELS;

  private static final Pattern FIRST_PERSON =
      Pattern.compile("\\b(i|i'm|i've|i'll|my|me|mine)\\b", Pattern.CASE_INSENSITIVE);

  private final Nlp nlp;

  public ExplicitRemember(Nlp nlp) {
    this.nlp = nlp;
  }

  /** What a turn asks to remember (nothing unless it is a user turn with a cue). */
  public List<Finding> findings(Statement st, double confidence) {
    if (!st.fromUser()) {
      return List.of();
    }
    List<String> sentences = nlp.split(st.text());
    List<Finding> result = new ArrayList<>();
    for (int i = 0; i < sentences.size(); i++) {
      String content = Cues.remembered(sentences.get(i));
      if (content == null) {
        continue;
      }
      if (content.isBlank() && i + 1 < sentences.size()) {
        content = sentences.get(++i); // "Remember this: <next sentence>"
      }
      result.addAll(fromContent(st, content.strip(), confidence));
    }
    return result.stream()
        .map(f -> st.quarantine() == null ? f : f.quarantined(st.quarantine()))
        .toList();
  }

  private List<Finding> fromContent(Statement st, String content, double confidence) {
    if (content.codePointCount(0, content.length()) < 2) {
      return List.of();
    }
    Nlp.Sentence sentence = nlp.analyse(content);
    Optional<DateResolver.Mention> date = DateResolver.find(content, st.occurredAt());
    Instant validFrom = date.map(DateResolver.Mention::instant).orElse(st.occurredAt());
    List<Finding> found = new ArrayList<>();
    for (ProfileRules.Match match : ProfileRules.apply(sentence, st.speaker())) {
      found.add(
          finding(
              st,
              match.text(),
              MemoryCategory.PROFILE,
              confidence,
              match.triple(),
              validFrom,
              date));
    }
    if (!found.isEmpty()) {
      return found;
    }
    boolean cjk =
        content
            .codePoints()
            .anyMatch(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN);
    if (!cjk && sentence.contentTokens() == 0) {
      return List.of();
    }
    MemoryCategory category =
        date.isPresent()
            ? MemoryCategory.EVENT
            : FIRST_PERSON.matcher(content).find()
                ? MemoryCategory.PROFILE
                : MemoryCategory.KNOWLEDGE;
    String text = DeterministicExtractor.freeText(sentence, date, st.speaker());
    return List.of(finding(st, text, category, confidence, null, validFrom, date));
  }

  private static Finding finding(
      Statement st,
      String text,
      MemoryCategory category,
      double confidence,
      Finding.Triple triple,
      Instant validFrom,
      Optional<DateResolver.Mention> date) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("kind", "remember");
    date.ifPresent(d -> meta.put("event_time", d.date().toString()));
    return new Finding(
        text,
        category,
        confidence,
        List.of(st.exchangeId()),
        triple,
        validFrom,
        meta,
        false,
        NAME,
        VERSION,
        null);
  }
}
