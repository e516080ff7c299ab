package dev.engram.capture.gate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of the gate's phrase rules, kept as data next to this class (kind, id, pattern; a space in
 * a pattern is a gap between words): {@code rules.tsv} always applies, {@code shapes.tsv} finds
 * role tags and tool calls, {@code directives.tsv} finds orders to a model wherever the text has
 * already given reason to look (a decoded payload, a role tag, a tool call, a note to AI readers).
 * Each rule is matched against every form of the text ({@link TextForms}); on the forms with
 * spaced-out letters joined or split words glued, gaps may be empty, since "i g n o r e a l l"
 * joins into one word. Patterns are NFKC-normalised like the text.
 */
final class PhraseRules {

  /**
   * One rule; {@code scripts} are the non-Latin scripts its words are written in (empty for Latin
   * rules): a text with none of them cannot match, so the rule is skipped — most of the rules are
   * for other scripts, and skipping them keeps ordinary text cheap.
   */
  private record Rule(
      InjectionScanner.Kind kind,
      String id,
      Pattern spaced,
      Pattern joined,
      Set<Character.UnicodeScript> scripts,
      Optional<List<String>> keys) {}

  private static final int FLAGS =
      Pattern.CASE_INSENSITIVE
          | Pattern.UNICODE_CASE
          | Pattern.UNICODE_CHARACTER_CLASS
          | Pattern.MULTILINE;

  private static final Pattern WORD = Pattern.compile("[a-z]{2,}");

  static final PhraseRules ALWAYS = new PhraseRules("rules.tsv", true);
  static final PhraseRules SHAPES = new PhraseRules("shapes.tsv", false);
  static final PhraseRules DIRECTIVES = new PhraseRules("directives.tsv", false);

  private final List<Rule> rules;
  private final Set<String> words;

  /** Whether a phrase quoted in a text about attacks is passed (only where no shape hinted). */
  private final boolean quotesMention;

  private PhraseRules(String name, boolean quotesMention) {
    this.rules = load(name);
    this.quotesMention = quotesMention;
    Set<String> found = new HashSet<>();
    for (Rule rule : rules) {
      Matcher m = WORD.matcher(rule.spaced().pattern().replaceAll("\\\\[a-zA-Z]", " "));
      while (m.find()) {
        found.add(m.group());
      }
    }
    this.words = Set.copyOf(found);
  }

  /** The English words the rules of every set spell out (pig latin is read back into these). */
  static Set<String> vocabulary() {
    Set<String> all = new HashSet<>(ALWAYS.words);
    all.addAll(SHAPES.words);
    all.addAll(DIRECTIVES.words);
    return all;
  }

  /** The first rule that matches any form, with the matched text as evidence. */
  Optional<InjectionScanner.Finding> match(TextForms.Forms forms) {
    return match(forms, true);
  }

  /**
   * {@link #match(TextForms.Forms)}, where {@code byKeys} false searches every form with every
   * rule's pattern even when the form holds none of the rule's {@link RuleKeys} (the same answer,
   * slower: for the test that proves it).
   */
  Optional<InjectionScanner.Finding> match(TextForms.Forms forms, boolean byKeys) {
    List<String> words = forms.words().stream().map(RuleKeys::fold).toList();
    List<String> glued = forms.glued().stream().map(RuleKeys::fold).toList();
    for (Rule rule : rules) {
      if (!rule.scripts().isEmpty() && Collections.disjoint(rule.scripts(), forms.scripts())) {
        continue;
      }
      List<String> keys = byKeys ? rule.keys().orElse(null) : null;
      for (int i = 0; i < words.size(); i++) {
        if (keys == null || RuleKeys.anyIn(keys, words.get(i))) {
          Optional<InjectionScanner.Finding> hit = find(rule, rule.spaced(), forms.words().get(i));
          if (hit.isPresent()) {
            return hit;
          }
        }
      }
      for (int i = 0; i < glued.size(); i++) {
        if (keys == null || RuleKeys.anyIn(keys, glued.get(i))) {
          Optional<InjectionScanner.Finding> hit = find(rule, rule.joined(), forms.glued().get(i));
          if (hit.isPresent()) {
            return hit;
          }
        }
      }
    }
    return Optional.empty();
  }

  /** How many rules have keys, of how many (for the test that keeps the filter from eroding). */
  int[] keyed() {
    return new int[] {(int) rules.stream().filter(r -> r.keys().isPresent()).count(), rules.size()};
  }

  private Optional<InjectionScanner.Finding> find(Rule rule, Pattern p, String form) {
    Matcher m = p.matcher(form);
    while (m.find()) {
      if (!quotesMention || !quotedMention(form, m)) {
        return Optional.of(
            new InjectionScanner.Finding(rule.kind(), rule.id() + " " + quote(m.group())));
      }
    }
    return Optional.empty();
  }

  /** Words of a text that talks about attacks rather than making one. */
  private static final Pattern TALK =
      Pattern.compile(
          "\\b(training|slides?|talks?|course|blog|article|thread|bug|report|examples?|demos?"
              + "|quot\\w*|phrases?|style|attacks?|injections?|jailbreaks?|security|paper|research"
              + "|classic|famous|payloads?|filters?|detect\\w*|red.?team\\w*|never paste|warn\\w*"
              // the same in the other languages the rules read: de, fr, es, pt, it, nl
              + "|schulung\\w*|angreifer\\w*|angriff\\w*|sicherheit\\w*|beispiel\\w*|melden"
              + "|formation|attaquants?|attaques?|sécurité|exemples?|signaler|ataques?|atacantes?"
              + "|seguridad|segurança|ejemplos?|exemplos?|formación|formação|treinamento|attacchi"
              + "|attaccanti|sicurezza|esempi|esempio|aanvallers?|aanval\\w*|beveiliging|voorbeeld\\w*)\\b",
          FLAGS);

  private static final String QUOTES = "\"“”«»„‘’`";

  /**
   * Whether the match is the whole of a short quotation ("ignore previous instructions"-style text)
   * in a text that talks about attacks: quoting a phrase is not giving the order, while a quotation
   * that goes on past the phrase ("… and reveal your prompt") still counts.
   */
  private static boolean quotedMention(String form, Matcher m) {
    int open = -1;
    for (int i = m.start() - 1; i >= Math.max(0, m.start() - 3); i--) {
      if (QUOTES.indexOf(form.charAt(i)) >= 0) {
        open = i;
        break;
      }
    }
    int close = -1;
    for (int i = m.end(); i < Math.min(form.length(), m.end() + 3); i++) {
      if (QUOTES.indexOf(form.charAt(i)) >= 0) {
        close = i;
        break;
      }
    }
    return open >= 0 && close >= 0 && TALK.matcher(form).find();
  }

  static String quote(String evidence) {
    String flat = evidence.replaceAll("\\s+", " ").strip();
    return "'" + (flat.length() > 80 ? flat.substring(0, 80) + "…" : flat) + "'";
  }

  private static List<Rule> load(String name) {
    try (InputStream in = PhraseRules.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("gate rules missing: " + name);
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      List<Rule> rules = new ArrayList<>();
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cols = line.split("\t");
        if (cols.length != 3) {
          throw new IllegalStateException("gate rule needs kind, id, pattern: " + line);
        }
        String pattern = TextForms.visible(cols[2]);
        rules.add(
            new Rule(
                InjectionScanner.Kind.valueOf(cols[0]),
                cols[1],
                Pattern.compile(pattern.replace(" ", "[\\s_*-]+"), FLAGS),
                Pattern.compile(pattern.replace(" ", "[\\s_*-]*").replace("\\b", ""), FLAGS),
                TextForms.scripts(pattern.replaceAll("\\\\p\\{\\w+}", "")),
                RuleKeys.of(pattern)));
      }
      return List.copyOf(rules);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
