package dev.engram.recall.context;

import java.util.List;

/**
 * Answer of {@code POST /v1/context}: the block to inject, its exact token count (by {@code
 * encoding}), and every section in order with what it selected and left out.
 */
public record ContextResponse(
    String text,
    int tokens,
    int budgetTokens,
    String encoding,
    List<Section> sections,
    List<Skipped> skipped,
    long tookMs) {

  /**
   * A section: a slot ({@code layer} "slots"), a person of the chat ("people"), the current facts
   * ("facts"), the recent turns ("turns") or a layer (L0 identity, L1 essential, L2 relevance).
   * {@code budget_tokens} is what it could use; {@code omitted} = candidates − selected.
   */
  record Section(
      String name,
      String layer,
      String heading,
      String text,
      int tokens,
      int budgetTokens,
      long candidates,
      int selected,
      long omitted,
      boolean truncated,
      List<ItemRef> items) {

    /** How a filled section is reported, counted by {@code tokens}. */
    static Section of(ContextSection s, ContextTemplates templates, TokenCounter tokens) {
      String text = s.text(templates);
      return new Section(
          s.name,
          s.layer,
          s.heading,
          text,
          tokens.count(text),
          s.budget,
          s.isSlot() ? 1 : s.candidates,
          s.isSlot() ? (s.rendered() ? 1 : 0) : s.entries.size(),
          s.omitted(),
          s.truncated,
          s.entries.stream()
              .filter(e -> !s.layer.equals(ContextSection.BELIEFS)) // no id an item can carry
              .map(
                  e ->
                      e.key() == null
                          ? new ItemRef("fact", e.fact())
                          : new ItemRef(e.key().kind().wire(), e.key().id()))
              .toList());
    }
  }

  /**
   * An item the section selected: a {@code memory}, an {@code exchange} (turn) or a {@code fact}.
   */
  record ItemRef(String kind, long id) {}

  /**
   * A source the context had to do without: {@code slots}, {@code recent_turns}, {@code facts}
   * (capture-service's or graph-service's part), or a recall signal such as {@code graph}.
   */
  record Skipped(String source, String reason) {}
}
