package dev.engram.capture.summary;

import dev.engram.capture.extract.Nlp;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The deterministic summarizer: splits what a period holds into sentences (OpenNLP, the models the
 * extractor uses), keeps each as one line tagged with its speaker, and picks the most central lines
 * with {@link TextRank}. A day is made of its exchanges' sentences; a week or month of the lines of
 * the summaries below it, so each level picks from the one under it.
 */
@ApplicationScoped
class ExtractiveSummarizer {

  /** Shorter sentences ("ok thanks", "sure") are pleasantries, not content. */
  private static final int MIN_WORDS = 4;

  /** TextRank is quadratic in the candidates; past this many the longest are kept. */
  private static final int MAX_CANDIDATES = 400;

  private final Nlp nlp;

  ExtractiveSummarizer(Nlp nlp) {
    this.nlp = nlp;
  }

  /** One candidate line: who said it, the sentence, and the exchange it came from (if known). */
  record Line(String speaker, String sentence, Long exchangeId) {

    String render() {
      return speaker == null || speaker.isBlank() ? sentence : speaker + ": " + sentence;
    }
  }

  /** The sentences of one exchange, as candidate lines; questions and pleasantries left out. */
  List<Line> linesOf(String speaker, String text, long exchangeId) {
    List<Line> lines = new ArrayList<>();
    for (String s : nlp.split(text)) {
      if (!s.endsWith("?") && nlp.words(s).size() >= MIN_WORDS) {
        lines.add(new Line(speaker, s, exchangeId));
      }
    }
    return lines;
  }

  /** The lines of a summary's text (after its first line), as candidates for the level above. */
  static List<Line> linesOfSummary(String text) {
    List<Line> lines = new ArrayList<>();
    String[] rows = text.split("\n");
    for (int i = 1; i < rows.length; i++) {
      String row = rows[i].strip();
      if (row.isEmpty()) {
        continue;
      }
      int colon = row.indexOf(": ");
      lines.add(
          colon > 0 && colon < 64 && !row.substring(0, colon).contains(" ")
              ? new Line(row.substring(0, colon), row.substring(colon + 2), null)
              : new Line(null, row, null));
    }
    return lines;
  }

  /** The candidates summarizers choose from: duplicates dropped, the longest kept past a cap. */
  List<Line> candidates(List<Line> lines) {
    List<Line> unique = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Line l : lines) {
      if (seen.add(l.sentence().toLowerCase(Locale.ROOT))) {
        unique.add(l);
      }
    }
    if (unique.size() > MAX_CANDIDATES) {
      List<Line> longest =
          unique.stream()
              .sorted(Comparator.comparingInt((Line l) -> -l.sentence().length()))
              .limit(MAX_CANDIDATES)
              .toList();
      Set<Line> kept = new HashSet<>(longest);
      unique = unique.stream().filter(kept::contains).toList();
    }
    return unique;
  }

  /** The {@code k} most central of the candidates (duplicates dropped), in their order. */
  List<Line> pick(List<Line> lines, int k) {
    List<Line> unique = candidates(lines);
    List<List<String>> words = unique.stream().map(l -> nlp.words(l.sentence())).toList();
    List<Line> picked = new ArrayList<>();
    for (int i : TextRank.top(words, k)) {
      picked.add(unique.get(i));
    }
    return picked;
  }
}
