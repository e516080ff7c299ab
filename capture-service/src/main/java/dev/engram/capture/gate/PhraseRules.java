package dev.engram.capture.gate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The phrase rules of the gate, kept as data in {@code rules.tsv} next to this class (kind, id,
 * pattern; a space in a pattern is a gap between words). Each rule is matched against every form of
 * the text ({@link TextForms}); on the form with spaced-out letters joined, gaps may be empty,
 * since "i g n o r e a l l" joins into one word.
 */
final class PhraseRules {

  private record Rule(InjectionScanner.Kind kind, String id, Pattern spaced, Pattern joined) {}

  private static final int FLAGS =
      Pattern.CASE_INSENSITIVE
          | Pattern.UNICODE_CASE
          | Pattern.UNICODE_CHARACTER_CLASS
          | Pattern.MULTILINE;

  private static final List<Rule> RULES = load("rules.tsv");

  private PhraseRules() {}

  /** The first rule that matches any form, with the matched text as evidence. */
  static Optional<InjectionScanner.Finding> match(TextForms.Forms forms) {
    for (Rule rule : RULES) {
      for (String form : forms.words()) {
        Optional<InjectionScanner.Finding> hit = find(rule, rule.spaced(), form);
        if (hit.isPresent()) {
          return hit;
        }
      }
      if (forms.joined() != null) {
        Optional<InjectionScanner.Finding> hit = find(rule, rule.joined(), forms.joined());
        if (hit.isPresent()) {
          return hit;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<InjectionScanner.Finding> find(Rule rule, Pattern p, String form) {
    Matcher m = p.matcher(form);
    return m.find()
        ? Optional.of(new InjectionScanner.Finding(rule.kind(), rule.id() + " " + quote(m.group())))
        : Optional.empty();
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
        String pattern = cols[2];
        rules.add(
            new Rule(
                InjectionScanner.Kind.valueOf(cols[0]),
                cols[1],
                Pattern.compile(pattern.replace(" ", "[\\s_*-]+"), FLAGS),
                Pattern.compile(pattern.replace(" ", "[\\s_*-]*").replace("\\b", ""), FLAGS)));
      }
      return List.copyOf(rules);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
