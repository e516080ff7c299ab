package dev.engram.recall.context;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.index.DocKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The context block's sections in the order they take their budget, each a filler over the one
 * {@link ContextBudget}: the slots (what they need), then of what the slots leave the Person
 * sections, the current facts with the uncertain beliefs, and the recent turns (each its share);
 * then of what is left L0 identity and L1 essential (its share plus what L0 left), the history
 * summaries ({@link SummarySource#SHARE} of the rest) and L2 relevance (everything left).
 */
final class SectionFillers {

  /** Fills one or more sections from the parts within the budget, in the order they are filled. */
  interface Filler {
    List<ContextSection> fill(ContextAssembler.Parts parts, ContextBudget budget);
  }

  private final ContextTemplates templates;
  private final ContextAssembler.Shares shares;
  private final SectionFill fill;

  SectionFillers(TokenCounter tokens, ContextTemplates templates, ContextAssembler.Shares shares) {
    this.templates = templates;
    this.shares = shares;
    this.fill = new SectionFill(tokens, templates);
  }

  /** Every filler, in budget order. */
  List<Filler> inOrder() {
    return List.of(
        this::slots,
        this::people,
        this::facts,
        this::turns,
        this::identityAndEssential,
        this::history,
        this::relevance);
  }

  private List<ContextSection> slots(ContextAssembler.Parts parts, ContextBudget budget) {
    List<ContextSection> out = new ArrayList<>();
    for (SlotSource.Slot slot : ordered(parts.slots())) {
      ContextSection s =
          new ContextSection(slot.name(), ContextSection.SLOTS, templates.slotHeading(slot));
      budget.charge(fill.fillSlot(s, slot.content(), budget.left(), budget.first()));
      out.add(s);
    }
    budget.rebase(); // the conversation's shares are of what the slots leave
    return out;
  }

  /** One section per person; they split the people's share, each taking only what it uses. */
  private List<ContextSection> people(ContextAssembler.Parts parts, ContextBudget budget) {
    List<ContextSection> out = new ArrayList<>();
    int room = budget.share(shares.people());
    int spent = 0;
    for (int i = 0; i < parts.people().size(); i++) {
      People.Person person = parts.people().get(i);
      ContextSection s =
          new ContextSection(
              "person:" + person.name(),
              ContextSection.PEOPLE,
              templates.personHeading(person.name()));
      List<ContextSection.Entry> candidates = new ArrayList<>();
      person.facts().stream()
          .filter(f -> !budget.showsFact(f.id()))
          .forEach(f -> candidates.add(ContextSection.Entry.fact(f, templates.line(f))));
      person.memories().stream()
          .filter(d -> !budget.shows(DocKey.of(d)))
          .forEach(d -> candidates.add(new ContextSection.Entry(DocKey.of(d), templates.line(d))));
      s.candidates = candidates.size();
      int cost =
          fill.fillLines(
              s, candidates, (room - spent) / (parts.people().size() - i), budget.first(), false);
      budget.record(s);
      spent += budget.charge(cost);
      out.add(s);
    }
    return out;
  }

  /** The current facts, then the uncertain beliefs in what the facts left of their share. */
  private List<ContextSection> facts(ContextAssembler.Parts parts, ContextBudget budget) {
    ContextSection facts =
        new ContextSection("current_facts", ContextSection.FACTS, templates.facts());
    List<ContextSection.Entry> lines =
        parts.facts().facts().stream()
            .filter(f -> !budget.showsFact(f.id()))
            .map(f -> ContextSection.Entry.fact(f, templates.line(f)))
            .toList();
    facts.candidates = lines.size() + parts.facts().omitted();
    int room = budget.share(shares.facts());
    int cost = budget.charge(fill.fillLines(facts, lines, room, budget.first(), false));
    ContextSection beliefs =
        new ContextSection("uncertain_beliefs", ContextSection.BELIEFS, UncertainBeliefs.HEADING);
    List<ContextSection.Entry> doubts =
        parts.uncertainBeliefs().stream()
            .map(line -> new ContextSection.Entry(null, line))
            .toList();
    beliefs.candidates = doubts.size();
    budget.charge(fill.fillLines(beliefs, doubts, Math.max(room - cost, 0), budget.first(), false));
    return List.of(facts, beliefs);
  }

  private List<ContextSection> turns(ContextAssembler.Parts parts, ContextBudget budget) {
    ContextSection turns =
        new ContextSection("recent_turns", ContextSection.TURNS, templates.recentTurns());
    List<ContextSection.Entry> lines =
        parts.turns().stream()
            .map(
                t ->
                    new ContextSection.Entry(
                        new DocKey(DocKind.EXCHANGE, t.id()), templates.line(t)))
            .toList();
    turns.candidates = lines.size();
    int cost = fill.fillLines(turns, lines, budget.share(shares.turns()), budget.first(), true);
    budget.record(turns);
    budget.charge(cost);
    return List.of(turns);
  }

  /** L0 and L1: their shares of what the slots and the conversation left; L1 gets L0's rest. */
  private List<ContextSection> identityAndEssential(
      ContextAssembler.Parts parts, ContextBudget budget) {
    budget.rebase();
    int identityRoom = budget.share(shares.identity());
    int essentialRoom = budget.share(shares.essential());
    ContextSection l0 = layer("identity", "L0", templates.identity(), parts.identity(), budget);
    int cost = budget.charge(fillLayer(l0, parts.identity(), identityRoom, budget));
    ContextSection l1 = layer("essential", "L1", templates.essential(), parts.essential(), budget);
    budget.charge(fillLayer(l1, parts.essential(), essentialRoom + identityRoom - cost, budget));
    return List.of(l0, l1);
  }

  /** A long-horizon question's summaries, coarsest first; listed only when there are any. */
  private List<ContextSection> history(ContextAssembler.Parts parts, ContextBudget budget) {
    ContextSection history =
        layer("history", "history", SummarySource.HEADING, parts.history(), budget);
    int room = (int) Math.floor(budget.left() * SummarySource.SHARE);
    budget.charge(fillLayer(history, parts.history(), room, budget));
    return history.candidates > 0 ? List.of(history) : List.of();
  }

  private List<ContextSection> relevance(ContextAssembler.Parts parts, ContextBudget budget) {
    ContextSection l2 = layer("relevance", "L2", templates.relevance(), parts.relevance(), budget);
    budget.charge(fillLayer(l2, parts.relevance(), budget.left(), budget));
    return List.of(l2);
  }

  /** A layer's section; its candidates are its total less what the block already shows. */
  private static ContextSection layer(
      String name, String label, String heading, ContextAssembler.Layer layer, ContextBudget b) {
    ContextSection s = new ContextSection(name, label, heading);
    long already = layer.documents().stream().filter(d -> b.shows(DocKey.of(d))).count();
    s.candidates = layer.total() - already;
    return s;
  }

  /** Fills a layer within {@code room} tokens (separator included); returns the tokens used. */
  private int fillLayer(ContextSection s, ContextAssembler.Layer layer, int room, ContextBudget b) {
    List<ContextSection.Entry> candidates =
        layer.documents().stream()
            .filter(d -> !b.shows(DocKey.of(d)))
            .map(d -> new ContextSection.Entry(DocKey.of(d), templates.line(d)))
            .toList();
    int cost = fill.fillLines(s, candidates, room, b.first(), false);
    b.record(s);
    return cost;
  }

  /**
   * The tenant's slots (global notes) first, then working memory, hot context and the thread's
   * handoff, then every other slot by owner (agent, chat, session, thread) and name.
   */
  private static List<SlotSource.Slot> ordered(List<SlotSource.Slot> slots) {
    return slots.stream()
        .filter(s -> s.content() != null && !s.content().isBlank())
        .sorted(
            Comparator.comparingInt((SlotSource.Slot s) -> "TENANT".equals(s.ownerType()) ? 0 : 1)
                .thenComparingInt(s -> ContextTemplates.slotRank(s.name()))
                .thenComparingInt(s -> ownerRank(s.ownerType()))
                .thenComparing(SlotSource.Slot::name))
        .toList();
  }

  private static int ownerRank(String owner) {
    return switch (owner == null ? "" : owner) {
      case "TENANT" -> 0;
      case "AGENT" -> 1;
      case "CHAT" -> 2;
      case "SESSION" -> 3;
      case "THREAD" -> 4;
      default -> 5;
    };
  }
}
