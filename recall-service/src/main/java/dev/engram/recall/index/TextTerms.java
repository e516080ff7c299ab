package dev.engram.recall.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The keyword analysis every adapter shares, so BM25 means the same in Lucene and Qdrant: Lucene's
 * {@link EnglishAnalyzer} (standard tokenizer, possessives, lower-casing, English stop words,
 * Porter stemming).
 */
public final class TextTerms {

  /**
   * Distinct query terms beyond this are ignored. Each term costs BM25 a dictionary look-up and a
   * scorer in every index segment: under a flood of long queries those took most of recall's
   * allocation and its garbage collections (docs/benchmarks/gate.md, *Fair share, second round*).
   * 64 distinct terms are a long paragraph; the longest LoCoMo question has 20 words.
   */
  public static final int MAX_QUERY_TERMS = 64;

  /** The field name analysers are asked for; the English analyser treats every field alike. */
  private static final String FIELD = "text";

  private TextTerms() {}

  /** A new analyzer (thread-safe; close it with its owner). */
  public static Analyzer analyzer() {
    return new EnglishAnalyzer();
  }

  /** The distinct terms of a query, in order, at most {@link #MAX_QUERY_TERMS}. */
  public static Set<String> distinct(Analyzer analyzer, String text) {
    Set<String> terms = new LinkedHashSet<>();
    forEachTerm(
        analyzer,
        text,
        t -> {
          if (terms.size() >= MAX_QUERY_TERMS) {
            return false;
          }
          terms.add(t);
          return true;
        });
    return terms;
  }

  /**
   * The terms of the query's names: its capitalised words, except the first word of each sentence
   * (a question's "What" or "Where" is capitalised for the sentence, not as a name); at most {@link
   * #MAX_QUERY_TERMS}.
   */
  public static Set<String> names(Analyzer analyzer, String text) {
    Set<String> names = new LinkedHashSet<>();
    Matcher words = WORD.matcher(text);
    int previousEnd = -1;
    while (words.find()) {
      boolean sentenceStart =
          previousEnd < 0
              || SENTENCE_END.matcher(text.substring(previousEnd, words.start())).find();
      if (!sentenceStart && Character.isUpperCase(words.group().codePointAt(0))) {
        for (String name : distinct(analyzer, words.group())) {
          if (names.size() >= MAX_QUERY_TERMS) {
            return names;
          }
          names.add(name);
        }
      }
      previousEnd = words.end();
    }
    return names;
  }

  private static final Pattern SENTENCE_END = Pattern.compile("[.?!\\n]");

  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]*");

  /** How often each term occurs in a text, in order of first occurrence. */
  public static Map<String, Integer> frequencies(Analyzer analyzer, String text) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    forEachTerm(
        analyzer,
        text,
        t -> {
          counts.merge(t, 1, Integer::sum);
          return true;
        });
    return counts;
  }

  private interface TermSink {
    boolean accept(String term);
  }

  private static void forEachTerm(Analyzer analyzer, String text, TermSink sink) {
    try (TokenStream stream = analyzer.tokenStream(FIELD, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        if (!sink.accept(term.toString())) {
          break;
        }
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // analysing a String does no I/O
    }
  }
}
