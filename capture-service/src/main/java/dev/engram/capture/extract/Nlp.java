package dev.engram.capture.extract;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.POSTaggerME;
import opennlp.tools.sentdetect.SentenceDetectorME;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.tokenize.TokenizerME;
import opennlp.tools.tokenize.TokenizerModel;
import opennlp.tools.util.Span;

/**
 * English sentence detection, tokenization and Universal Dependencies POS tags with the official
 * Apache OpenNLP UD-EWT models (class-path resources from Maven Central). The models are shared;
 * the taggers are not thread-safe, so each thread gets its own. Loaded at start-up, off the event
 * loop.
 */
@Startup
@ApplicationScoped
public class Nlp {

  private static final String SENTENCES = "/opennlp-en-ud-ewt-sentence-1.3-2.5.4.bin";
  private static final String TOKENS = "/opennlp-en-ud-ewt-tokens-1.3-2.5.4.bin";
  private static final String POS = "/opennlp-en-ud-ewt-pos-1.3-2.5.4.bin";

  /** The models' name, for extractor versions. */
  public static final String MODELS = "opennlp-en-ud-ewt-1.3";

  /** CJK text is split on its own sentence marks; the English model does not know them. */
  private static final Pattern CJK = Pattern.compile("[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}]");

  private static final Pattern CJK_END = Pattern.compile("(?<=[。！？!?；])");

  private final SentenceModel sentenceModel;
  private final TokenizerModel tokenizerModel;
  private final POSModel posModel;
  private final ThreadLocal<SentenceDetectorME> sentences;
  private final ThreadLocal<TokenizerME> tokenizers;
  private final ThreadLocal<POSTaggerME> taggers;

  public Nlp() {
    sentenceModel = load(SENTENCES, SentenceModel::new);
    tokenizerModel = load(TOKENS, TokenizerModel::new);
    posModel = load(POS, POSModel::new);
    sentences = ThreadLocal.withInitial(() -> new SentenceDetectorME(sentenceModel));
    tokenizers = ThreadLocal.withInitial(() -> new TokenizerME(tokenizerModel));
    taggers = ThreadLocal.withInitial(() -> new POSTaggerME(posModel));
  }

  /** One token with its UD POS tag and character offsets within its sentence. */
  public record Token(String text, String tag, int start, int end) {

    /** Nouns, proper nouns, verbs, adjectives, numbers: what carries content. */
    public boolean content() {
      return tag.startsWith("NOUN")
          || tag.startsWith("PROPN")
          || tag.startsWith("VERB")
          || tag.startsWith("ADJ")
          || tag.startsWith("NUM");
    }

    public boolean is(String posTag) {
      return tag.equals(posTag) || tag.startsWith(posTag + "+");
    }

    public String lower() {
      return text.toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A sentence and its tokens. */
  public record Sentence(String text, List<Token> tokens) {

    public int contentTokens() {
      return (int) tokens.stream().filter(Token::content).count();
    }

    /** Index of the first token starting at or after a character offset, or -1. */
    public int tokenAt(int offset) {
      for (int i = 0; i < tokens.size(); i++) {
        if (tokens.get(i).end() > offset) {
          return i;
        }
      }
      return -1;
    }
  }

  /** The sentences of a text (normalised quotes and spaces). */
  public List<String> split(String text) {
    String clean = normalise(text);
    if (clean.isEmpty()) {
      return List.of();
    }
    List<String> result = new ArrayList<>();
    for (String line : clean.split("\\n+")) {
      for (String part : CJK.matcher(line).find() ? CJK_END.split(line) : new String[] {line}) {
        for (String s : sentences.get().sentDetect(part)) {
          if (!s.isBlank()) {
            result.add(s.strip());
          }
        }
      }
    }
    return result;
  }

  /** Tokens and tags of one sentence. */
  public Sentence analyse(String sentence) {
    Span[] spans = tokenizers.get().tokenizePos(sentence);
    String[] words = Span.spansToStrings(spans, sentence);
    String[] tags = taggers.get().tag(words);
    List<Token> tokens = new ArrayList<>(words.length);
    for (int i = 0; i < words.length; i++) {
      tokens.add(new Token(words[i], tags[i], spans[i].getStart(), spans[i].getEnd()));
    }
    return new Sentence(sentence, tokens);
  }

  /** Every sentence of a text, analysed. */
  public List<Sentence> sentences(String text) {
    return split(text).stream().map(this::analyse).toList();
  }

  /** Lower-cased content words of a text (for lexical similarity). */
  public List<String> words(String text) {
    String[] words = tokenizers.get().tokenize(normalise(text).toLowerCase(java.util.Locale.ROOT));
    List<String> result = new ArrayList<>(words.length);
    for (String w : words) {
      if (w.chars().anyMatch(Character::isLetterOrDigit)) {
        result.add(w);
      }
    }
    return result;
  }

  static String normalise(String text) {
    return text.replace('\u2019', '\'')
        .replace('\u2018', '\'')
        .replace('\u201C', '"')
        .replace('\u201D', '"')
        .replaceAll("[ \\t\\x0B\\f\\r]+", " ")
        .strip();
  }

  private interface ModelReader<M> {
    M read(InputStream in) throws IOException;
  }

  private static <M> M load(String resource, ModelReader<M> reader) {
    try (InputStream in = Nlp.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("OpenNLP model " + resource + " is not on the class path");
      }
      return reader.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read OpenNLP model " + resource, e);
    }
  }
}
