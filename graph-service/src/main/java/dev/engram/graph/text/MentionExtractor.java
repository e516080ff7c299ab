package dev.engram.graph.text;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.ThreadSafePOSTaggerME;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.sentdetect.ThreadSafeSentenceDetectorME;
import opennlp.tools.tokenize.ThreadSafeTokenizerME;
import opennlp.tools.tokenize.TokenizerModel;

/**
 * Finds the names a text mentions, with Apache OpenNLP's Universal Dependencies English models
 * (sentence detector, tokenizer, part-of-speech tagger; no name-finder model is published on Maven
 * Central). A name is a run of proper nouns (PROPN), or of capitalized words inside a sentence (the
 * tagger misses some, e.g. "Does Alice like sushi?"), joined by "of"/"de"/… where that links two of
 * them. Stop words, calendar words and leading titles are left out.
 */
@ApplicationScoped
public class MentionExtractor {

  private static final String SENTENCES = "opennlp-en-ud-ewt-sentence-1.3-2.5.4.bin";
  private static final String TOKENS = "opennlp-en-ud-ewt-tokens-1.3-2.5.4.bin";
  private static final String TAGS = "opennlp-en-ud-ewt-pos-1.3-2.5.4.bin";
  private static final int MAX_NAME_WORDS = 6;

  private final ThreadSafeSentenceDetectorME sentences;
  private final ThreadSafeTokenizerME tokenizer;
  private final ThreadSafePOSTaggerME tagger;

  public MentionExtractor() {
    // The models come from the classpath; the String constructors would download them instead.
    SentenceModel sentenceModel = load(SENTENCES, SentenceModel::new);
    TokenizerModel tokenModel = load(TOKENS, TokenizerModel::new);
    POSModel tagModel = load(TAGS, POSModel::new);
    this.sentences = new ThreadSafeSentenceDetectorME(sentenceModel);
    this.tokenizer = new ThreadSafeTokenizerME(tokenModel);
    this.tagger = new ThreadSafePOSTaggerME(tagModel);
  }

  /** The names in {@code text}, once each (by normalized key), in order of first appearance. */
  public List<String> names(String text) {
    Map<String, String> byKey = new LinkedHashMap<>();
    for (String sentence : sentences.sentDetect(text)) {
      String[] tokens = tokenizer.tokenize(sentence);
      String[] tags = tagger.tag(tokens);
      for (String name : runs(tokens, tags)) {
        String key = Names.normalize(name);
        if (!key.isEmpty() && !key.chars().allMatch(Character::isDigit)) {
          byKey.putIfAbsent(key, name);
        }
      }
    }
    return List.copyOf(byKey.values());
  }

  /** Runs of name words in one tagged sentence. Package-private for tests. */
  static List<String> runs(String[] tokens, String[] tags) {
    List<String> names = new ArrayList<>();
    List<String> run = new ArrayList<>();
    for (int i = 0; i < tokens.length; i++) {
      String word = withoutPossessive(tokens[i]);
      boolean possessive = !word.equals(tokens[i]);
      if (nameWord(word, tags[i], i == 0)) {
        run.add(word);
        if (possessive) {
          flush(run, names);
        }
      } else if (!run.isEmpty()
          && Words.CONNECTORS.contains(word.toLowerCase(Locale.ROOT))
          && i + 1 < tokens.length
          && nameWord(withoutPossessive(tokens[i + 1]), tags[i + 1], false)) {
        run.add(word);
      } else {
        flush(run, names);
      }
    }
    flush(run, names);
    return names;
  }

  private static boolean nameWord(String word, String tag, boolean sentenceStart) {
    if (word.isEmpty() || !Character.isLetter(word.codePointAt(0))) {
      return false;
    }
    String lower = word.toLowerCase(Locale.ROOT).replace(".", "");
    if (Words.ignorable(lower) && !Words.TITLES.contains(lower)) {
      return false;
    }
    if (tag.equals("PROPN")) {
      return true;
    }
    boolean capitalized = Character.isUpperCase(word.codePointAt(0));
    if (!capitalized) {
      return false;
    }
    // Inside a sentence a capital marks a name; at its start only a noun-like tag does.
    return !sentenceStart || tag.equals("NOUN") || tag.equals("X") || tag.contains("+");
  }

  private static void flush(List<String> run, List<String> names) {
    while (!run.isEmpty()
        && Words.TITLES.contains(run.getFirst().toLowerCase(Locale.ROOT).replace(".", ""))) {
      run.removeFirst();
    }
    if (!run.isEmpty() && run.size() <= MAX_NAME_WORDS) {
      // "Acme Corp." at the end of a sentence: the period is the sentence's, not the name's.
      names.add(String.join(" ", run).replaceAll("\\.+$", ""));
    }
    run.clear();
  }

  private static String withoutPossessive(String token) {
    if (token.endsWith("'s") || token.endsWith("’s")) {
      return token.substring(0, token.length() - 2);
    }
    if (token.endsWith("'") || token.endsWith("’")) {
      return token.substring(0, token.length() - 1);
    }
    return token;
  }

  private interface ModelReader<M> {
    M read(InputStream in) throws IOException;
  }

  private static <M> M load(String resource, ModelReader<M> reader) {
    try (InputStream in = MentionExtractor.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("OpenNLP model " + resource + " is not on the classpath");
      }
      return reader.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read OpenNLP model " + resource, e);
    }
  }
}
