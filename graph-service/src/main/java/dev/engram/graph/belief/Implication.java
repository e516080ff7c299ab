package dev.engram.graph.belief;

import dev.engram.graph.text.Names;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A belief whose statement reads "A → B" (or "A -> B", "A => B", "A implies B"): an implication
 * deduction can chain, from the antecedent's name to the consequent's. Its keys are the normalized
 * names, as entities are matched, so a belief "bird → can fly" continues a fact "Tweety is_a Bird".
 */
record Implication(String antecedentKey, String consequentKey) {

  private static final Pattern FORM =
      Pattern.compile("^(.+?)\\s*(?:→|->|=>|\\bimplies\\b)\\s*(.+)$", Pattern.CASE_INSENSITIVE);

  static Optional<Implication> parse(String statement) {
    Matcher m = FORM.matcher(statement.strip());
    if (!m.matches()) {
      return Optional.empty();
    }
    String antecedent = Names.normalize(m.group(1));
    String consequent = Names.normalize(m.group(2));
    if (antecedent.isEmpty() || consequent.isEmpty() || antecedent.equals(consequent)) {
      return Optional.empty();
    }
    return Optional.of(new Implication(antecedent, consequent));
  }
}
