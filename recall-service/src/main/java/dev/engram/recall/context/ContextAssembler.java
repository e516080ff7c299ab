package dev.engram.recall.context;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Packs a context block into a token budget: the preamble, slots first (truncated to fit if need
 * be); then, each within its share of what the slots left, the Person sections, the current facts
 * and the recent turns (newest kept first), taking only what they use; then L0 identity, L1
 * essential, the history (summaries, for a long-horizon question only) and L2 relevance, each
 * within its share of what is left (a layer's unused share rolls over to the next). Items are taken
 * best first; one that does not fit is skipped for a smaller one after it; a section that leaves
 * items out says how many. An item shown once is not shown again. The finished block is counted
 * again as a whole and trimmed until it fits, so the budget holds exactly by the tokenizer's count,
 * whatever BPE merges happen across section edges.
 */
final class ContextAssembler {

  static final String SEPARATOR = "\n\n";

  /** A layer's candidates, best first, and how many there are in all (fetched or not). */
  record Layer(List<IndexDocument> documents, long total) {
    static final Layer EMPTY = new Layer(List.of(), 0);
  }

  /** Everything a block can be made of. */
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

    /** Parts without doubts or summaries (a question that is not long-horizon). */
    Parts(
        List<SlotSource.Slot> slots,
        List<People.Person> people,
        FactSource.Facts facts,
        List<TurnSource.Turn> turns,
        Layer identity,
        Layer essential,
        Layer relevance) {
      this(slots, people, facts, turns, identity, essential, relevance, List.of(), Layer.EMPTY);
    }

    /** Parts with doubts but no summaries. */
    Parts(
        List<SlotSource.Slot> slots,
        List<People.Person> people,
        FactSource.Facts facts,
        List<TurnSource.Turn> turns,
        Layer identity,
        Layer essential,
        Layer relevance,
        List<String> uncertainBeliefs) {
      this(
          slots,
          people,
          facts,
          turns,
          identity,
          essential,
          relevance,
          uncertainBeliefs,
          Layer.EMPTY);
    }
  }

  /** Shares of the budget left after slots (see RecallConfig.ContextSettings). */
  record Shares(double identity, double essential, double people, double facts, double turns) {}

  /** The block, its exact token count, and every section (rendered or not). */
  record Assembled(String text, int tokens, List<ContextSection> sections) {}

  private final TokenCounter tokens;
  private final ContextTemplates templates;
  private final Shares shares;
  private final SectionFill filler;

  ContextAssembler(
      TokenCounter tokens,
      ContextTemplates templates,
      double identityShare,
      double essentialShare) {
    this(tokens, templates, new Shares(identityShare, essentialShare, 0.2, 0.1, 0.25));
  }

  ContextAssembler(TokenCounter tokens, ContextTemplates templates, Shares shares) {
    this.tokens = tokens;
    this.templates = templates;
    this.shares = shares;
    this.filler = new SectionFill(tokens, templates);
  }

  Assembled assemble(
      int budget, List<SlotSource.Slot> slots, Layer identity, Layer essential, Layer relevance) {
    return assemble(
        budget,
        new Parts(
            slots, List.of(), FactSource.Facts.NONE, List.of(), identity, essential, relevance));
  }

  Assembled assemble(int budget, Parts parts) {
    List<ContextSection> filled = new ArrayList<>(); // in the order they got their budget
    String preamble = templates.preamble().strip();
    boolean withPreamble = !preamble.isEmpty() && tokens.count(preamble) <= budget;
    int used = withPreamble ? tokens.count(preamble) : 0;
    boolean first = !withPreamble;
    for (SlotSource.Slot slot : ordered(parts.slots())) {
      ContextSection s =
          new ContextSection(slot.name(), ContextSection.SLOTS, templates.slotHeading(slot));
      int cost = filler.fillSlot(s, slot.content(), budget - used, first);
      used += cost;
      first &= cost == 0;
      filled.add(s);
    }
    int rest = budget - used;
    Set<DocKey> selected = new HashSet<>();
    Set<Long> shownFacts = new HashSet<>();
    List<ContextSection> people = new ArrayList<>();
    int peopleRoom = (int) Math.floor(rest * shares.people());
    int peopleUsed = 0;
    for (int i = 0; i < parts.people().size(); i++) {
      People.Person person = parts.people().get(i);
      ContextSection s =
          new ContextSection(
              "person:" + person.name(),
              ContextSection.PEOPLE,
              templates.personHeading(person.name()));
      List<ContextSection.Entry> candidates = new ArrayList<>();
      person.facts().stream()
          .filter(f -> !shownFacts.contains(f.id()))
          .forEach(f -> candidates.add(ContextSection.Entry.fact(f, templates.line(f))));
      person.memories().stream()
          .filter(d -> !selected.contains(DocKey.of(d)))
          .forEach(d -> candidates.add(new ContextSection.Entry(DocKey.of(d), templates.line(d))));
      s.candidates = candidates.size();
      int room = (peopleRoom - peopleUsed) / (parts.people().size() - i);
      int cost = filler.fillLines(s, candidates, room, first, false);
      shown(s, selected, shownFacts);
      peopleUsed += cost;
      first &= cost == 0;
      people.add(s);
    }
    used += peopleUsed;
    ContextSection facts =
        new ContextSection("current_facts", ContextSection.FACTS, templates.facts());
    List<ContextSection.Entry> factLines =
        parts.facts().facts().stream()
            .filter(f -> !shownFacts.contains(f.id()))
            .map(f -> ContextSection.Entry.fact(f, templates.line(f)))
            .toList();
    facts.candidates = factLines.size() + parts.facts().omitted();
    int cost =
        filler.fillLines(facts, factLines, (int) Math.floor(rest * shares.facts()), first, false);
    used += cost;
    first &= cost == 0;
    // Uncertain beliefs share the facts' budget, after them: they qualify what the facts say.
    ContextSection beliefs =
        new ContextSection("uncertain_beliefs", ContextSection.BELIEFS, UncertainBeliefs.HEADING);
    List<ContextSection.Entry> beliefLines =
        parts.uncertainBeliefs().stream()
            .map(line -> new ContextSection.Entry(null, line))
            .toList();
    beliefs.candidates = beliefLines.size();
    int beliefRoom = (int) Math.floor(rest * shares.facts()) - cost;
    cost = filler.fillLines(beliefs, beliefLines, Math.max(beliefRoom, 0), first, false);
    used += cost;
    first &= cost == 0;
    ContextSection turns =
        new ContextSection("recent_turns", ContextSection.TURNS, templates.recentTurns());
    List<ContextSection.Entry> turnLines =
        parts.turns().stream()
            .map(
                t ->
                    new ContextSection.Entry(
                        new DocKey(DocKind.EXCHANGE, t.id()), templates.line(t)))
            .toList();
    turns.candidates = turnLines.size();
    cost = filler.fillLines(turns, turnLines, (int) Math.floor(rest * shares.turns()), first, true);
    shown(turns, selected, shownFacts);
    used += cost;
    first &= cost == 0;
    filled.addAll(people);
    filled.add(facts);
    filled.add(beliefs);
    filled.add(turns);

    rest = budget - used;
    int identityBudget = (int) Math.floor(rest * shares.identity());
    int essentialBudget = (int) Math.floor(rest * shares.essential());
    ContextSection l0 = layer("identity", "L0", templates.identity(), parts.identity(), selected);
    cost = fill(l0, parts.identity(), identityBudget, first, selected);
    used += cost;
    first &= cost == 0;
    ContextSection l1 =
        layer("essential", "L1", templates.essential(), parts.essential(), selected);
    cost = fill(l1, parts.essential(), essentialBudget + identityBudget - cost, first, selected);
    used += cost;
    first &= cost == 0;
    // A long-horizon question's summaries, coarsest first, take a share of what L0 and L1 left.
    ContextSection history =
        layer("history", "history", SummarySource.HEADING, parts.history(), selected);
    cost =
        fill(
            history,
            parts.history(),
            (int) Math.floor((budget - used) * SummarySource.SHARE),
            first,
            selected);
    used += cost;
    first &= cost == 0;
    ContextSection l2 =
        layer("relevance", "L2", templates.relevance(), parts.relevance(), selected);
    fill(l2, parts.relevance(), budget - used, first, selected);
    filled.addAll(List.of(l0, l1));
    if (history.candidates > 0) {
      filled.add(history);
    }
    filled.add(l2);

    // The conversation goes last, closest to the model's turn; with nothing to show, it is not
    // listed at all (nor are people when the chat has none).
    List<ContextSection> rendered = new ArrayList<>(filled);
    rendered.removeAll(List.of(facts, beliefs, turns));
    Stream.of(facts, beliefs, turns).filter(s -> s.candidates > 0).forEach(rendered::add);
    return fit(budget, withPreamble ? preamble : null, rendered, filled.reversed());
  }

  private ContextSection layer(
      String name, String label, String heading, Layer layer, Set<DocKey> selected) {
    ContextSection s = new ContextSection(name, label, heading);
    long already = layer.documents().stream().filter(d -> selected.contains(DocKey.of(d))).count();
    s.candidates = layer.total() - already;
    return s;
  }

  /** Fills a layer within {@code room} tokens (separator included); returns the tokens used. */
  private int fill(ContextSection s, Layer layer, int room, boolean first, Set<DocKey> selected) {
    List<ContextSection.Entry> candidates =
        layer.documents().stream()
            .filter(d -> !selected.contains(DocKey.of(d)))
            .map(d -> new ContextSection.Entry(DocKey.of(d), templates.line(d)))
            .toList();
    int cost = filler.fillLines(s, candidates, room, first, false);
    shown(s, selected, new HashSet<>());
    return cost;
  }

  private static void shown(ContextSection s, Set<DocKey> selected, Set<Long> facts) {
    for (ContextSection.Entry e : s.entries) {
      if (e.key() != null) {
        selected.add(e.key());
      } else {
        facts.add(e.fact());
      }
    }
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
