package dev.engram.recall.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Beliefs in a context block: the uncertain ones (little confidence, contradicted, disputed) in
 * their own marked section after the current facts, settled ones not at all, within the budget.
 */
class UncertainBeliefsTest {

  private static final UncertainBeliefs RULE = new UncertainBeliefs(true, 0.5, 0.3, 10);

  private static final BeliefSource.Belief SETTLED =
      new BeliefSource.Belief("Alice lives in Porto", 0.95, 0.9, 5, 0, false);
  private static final BeliefSource.Belief WEAK =
      new BeliefSource.Belief("Bob likes jazz", 0.9, 0.3, 1, 0, false);
  private static final BeliefSource.Belief DISPUTED =
      new BeliefSource.Belief("Carol works at Acme", 0.5, 0.95, 2, 1, false);
  private static final BeliefSource.Belief CONTRADICTED =
      new BeliefSource.Belief("Dana worked at Initech", 0.1, 0.8, 3, 3, true);

  @Test
  void lowConfidenceContradictionAndDisputeMakeABeliefUncertain() {
    assertNull(RULE.reason(SETTLED));
    assertEquals("low confidence", RULE.reason(WEAK));
    assertEquals("disputed by 1 of 2 reports", RULE.reason(DISPUTED));
    assertEquals("contradicted", RULE.reason(CONTRADICTED));
    assertEquals(
        List.of(
            "- \"Bob likes jazz\" (uncertain: low confidence; strength 0.90, confidence 0.30)",
            "- \"Carol works at Acme\" (uncertain: disputed by 1 of 2 reports; strength 0.50,"
                + " confidence 0.95)"),
        RULE.lines(List.of(SETTLED, WEAK, DISPUTED)));
    // The thresholds are settings: a stricter rule calls the disputed belief settled.
    assertNull(new UncertainBeliefs(true, 0.5, 0.6, 10).reason(DISPUTED));
  }

  @Test
  void theBlockShowsThemMarkedAfterTheFactsAndNeverAsFacts() {
    var assembler =
        new ContextAssembler(
            new TokenCounter("cl100k_base"),
            ContextAssemblerTest.DEFAULTS,
            new ContextAssembler.Shares(0.2, 0.3, 0.2, 0.3, 0.25));
    var facts =
        new FactSource.Facts(
            List.of(new FactSource.Fact(9, "Alice", "lives_in", "Porto", null, null)), 0);
    var result =
        assembler.assemble(
            2_000,
            ContextAssembler.Parts.layers(
                    List.of(),
                    ContextAssembler.Layer.EMPTY,
                    ContextAssembler.Layer.EMPTY,
                    ContextAssembler.Layer.EMPTY)
                .withConversation(List.of(), facts, List.of())
                .withUncertainBeliefs(RULE.lines(List.of(SETTLED, CONTRADICTED))));
    String text = result.text();
    int factsAt = text.indexOf("Alice lives_in Porto");
    int headingAt = text.indexOf(UncertainBeliefs.HEADING);
    assertTrue(factsAt >= 0 && headingAt > factsAt, text);
    assertTrue(
        text.contains(
            UncertainBeliefs.HEADING
                + "\n- \"Dana worked at Initech\" (uncertain: contradicted; strength 0.10,"
                + " confidence 0.80)"),
        text);
    assertFalse(text.contains("Alice lives in Porto"), "a settled belief is not shown: " + text);
    var section =
        result.sections().stream().filter(s -> s.name.equals("uncertain_beliefs")).findFirst();
    assertTrue(section.isPresent() && section.get().entries.size() == 1, text);

    // Within a small budget the block still fits exactly.
    for (int budget = 1; budget <= 120; budget += 7) {
      var small =
          assembler.assemble(
              budget,
              ContextAssembler.Parts.layers(
                      List.of(),
                      ContextAssembler.Layer.EMPTY,
                      ContextAssembler.Layer.EMPTY,
                      ContextAssembler.Layer.EMPTY)
                  .withConversation(List.of(), facts, List.of())
                  .withUncertainBeliefs(RULE.lines(List.of(WEAK, DISPUTED, CONTRADICTED))));
      assertTrue(small.tokens() <= budget, small.tokens() + " > " + budget);
    }
  }
}
