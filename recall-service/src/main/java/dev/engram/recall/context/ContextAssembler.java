package dev.engram.recall.context;

import dev.engram.contracts.index.IndexDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Packs a context block into a token budget: the preamble, slots first (truncated to fit if need
 * be); then, each within its share of what the slots left, the Person sections, the current facts
 * and the recent turns (newest kept first), taking only what they use; then L0 identity, L1
 * essential, the history (summaries, for a long-horizon question only) and L2 relevance, each
 * within its share of what is left (a layer's unused share rolls over to the next). Items are taken
 * best first; one that does not fit is skipped for a smaller one after it; a section that leaves
 * items out says how many. An item shown once is not shown again. The finished block is counted
 * again as a whole and trimmed until it fits, so the budget holds exactly by the tokenizer's count,
 * whatever BPE merges happen across section edges. The sections and their budget rules are {@link
 * SectionFillers}; the budget bookkeeping is {@link ContextBudget}.
 */
final class ContextAssembler {

  static final String SEPARATOR = "\n\n";

  /** A layer's candidates, best first, and how many there are in all (fetched or not). */
  record Layer(List<IndexDocument> documents, long total) {
    static final Layer EMPTY = new Layer(List.of(), 0);
  }

  /**
   * Everything a block can be made of. {@link #layers} starts from slots and the three layers; the
   * {@code with...} methods add the conversation, the doubts and the summaries.
   */
  record Parts(
      List<SlotSource.Slot> slots,
      List<People.Person> people,
      FactSource.Facts facts,
      List<TurnSource.Turn> turns,
      Layer identity,
      Layer essential,
      Layer relevance,
      List<String> uncertainBeliefs,
      Layer history) {

    /** Slots and the three memory layers; no chat, facts, doubts or summaries. */
    static Parts layers(
        List<SlotSource.Slot> slots, Layer identity, Layer essential, Layer relevance) {
      return new Parts(
          slots,
          List.of(),
          FactSource.Facts.NONE,
          List.of(),
          identity,
          essential,
          relevance,
          List.of(),
          Layer.EMPTY);
    }

    /** These parts with the chat's people, the current facts and the recent turns. */
    Parts withConversation(
        List<People.Person> people, FactSource.Facts facts, List<TurnSource.Turn> turns) {
      return new Parts(
          slots, people, facts, turns, identity, essential, relevance, uncertainBeliefs, history);
    }

    /** These parts with the uncertain beliefs' lines. */
    Parts withUncertainBeliefs(List<String> lines) {
      return new Parts(slots, people, facts, turns, identity, essential, relevance, lines, history);
    }
  }

  /** Shares of the budget left after slots (see ContextConfig). */
  record Shares(double identity, double essential, double people, double facts, double turns) {}

  /** The block, its exact token count, and every section (rendered or not). */
  record Assembled(String text, int tokens, List<ContextSection> sections) {}

  /** Sections of the conversation: shown last, closest to the model's turn. */
  private static final Set<String> CONVERSATION =
      Set.of(ContextSection.FACTS, ContextSection.BELIEFS, ContextSection.TURNS);

  private final TokenCounter tokens;
  private final ContextTemplates templates;
  private final SectionFillers fillers;

  ContextAssembler(TokenCounter tokens, ContextTemplates templates, Shares shares) {
    this.tokens = tokens;
    this.templates = templates;
    this.fillers = new SectionFillers(tokens, templates, shares);
  }

  Assembled assemble(int budget, Parts parts) {
    String preamble = templates.preamble().strip();
    boolean withPreamble = !preamble.isEmpty() && tokens.count(preamble) <= budget;
    ContextBudget left = new ContextBudget(budget, withPreamble ? tokens.count(preamble) : 0);
    List<ContextSection> filled = new ArrayList<>(); // in the order they got their budget
    fillers.inOrder().forEach(filler -> filled.addAll(filler.fill(parts, left)));
    // The conversation goes last, closest to the model's turn; with nothing to show, it is not
    // listed at all (nor are people when the chat has none).
    List<ContextSection> rendered = new ArrayList<>();
    filled.stream().filter(s -> !CONVERSATION.contains(s.layer)).forEach(rendered::add);
    filled.stream()
        .filter(s -> CONVERSATION.contains(s.layer) && s.candidates > 0)
        .forEach(rendered::add);
    return fit(budget, withPreamble ? preamble : null, rendered, filled.reversed());
  }

  /**
   * Counts the whole block and drops items (the last filled first; slots last) until it fits the
   * budget.
   */
  private Assembled fit(
      int budget, String preamble, List<ContextSection> sections, List<ContextSection> trimOrder) {
    while (true) {
      String text = render(preamble, sections);
      int count = tokens.count(text);
      if (count <= budget) {
        return new Assembled(text, count, sections);
      }
      ContextSection last =
          trimOrder.stream().filter(ContextSection::rendered).findFirst().orElse(null);
      if (last == null) {
        return fit(budget, null, sections, trimOrder); // only the preamble was left, and too big
      }
      if (last.isSlot()) {
        last.content = "";
        last.truncated = true;
      } else {
        last.dropOne();
      }
    }
  }

  private String render(String preamble, List<ContextSection> sections) {
    List<String> parts = new ArrayList<>();
    if (preamble != null) {
      parts.add(preamble);
    }
    for (ContextSection s : sections) {
      if (s.rendered()) {
        parts.add(s.text(templates));
      }
    }
    return String.join(SEPARATOR, parts);
  }
}
