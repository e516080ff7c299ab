package dev.engram.recall.context;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Packs a context block into a token budget: the preamble, slots first (truncated to fit if need
 * be), then L0 identity, L1 essential and L2 relevance, each within its share of what the slots
 * left (a layer's unused share rolls over to the next). Items are taken best first; one that does
 * not fit is skipped for a smaller one after it; a layer that leaves items out says how many. The
 * finished block is counted again as a whole and trimmed until it fits, so the budget holds exactly
 * by the tokenizer's count, whatever BPE merges happen across section edges.
 */
final class ContextAssembler {

  static final String SEPARATOR = "\n\n";

  /** A layer's candidates, best first, and how many there are in all (fetched or not). */
  record Layer(List<IndexDocument> documents, long total) {
    static final Layer EMPTY = new Layer(List.of(), 0);
  }

  /** The block, its exact token count, and every section (rendered or not). */
  record Assembled(String text, int tokens, List<ContextSection> sections) {}

  private final TokenCounter tokens;
  private final ContextTemplates templates;
  private final double identityShare;
  private final double essentialShare;

  ContextAssembler(
      TokenCounter tokens,
      ContextTemplates templates,
      double identityShare,
      double essentialShare) {
    this.tokens = tokens;
    this.templates = templates;
    this.identityShare = identityShare;
    this.essentialShare = essentialShare;
  }

  Assembled assemble(
      int budget, List<SlotSource.Slot> slots, Layer identity, Layer essential, Layer relevance) {
    List<ContextSection> sections = new ArrayList<>();
    String preamble = templates.preamble().strip();
    boolean withPreamble = !preamble.isEmpty() && tokens.count(preamble) <= budget;
    int used = withPreamble ? tokens.count(preamble) : 0;
    boolean first = !withPreamble;
    for (SlotSource.Slot slot : ordered(slots)) {
      ContextSection s =
          new ContextSection(slot.name(), "slots", templates.slotHeading(slot.name()));
      int cost = fillSlot(s, slot.content(), budget - used, first);
      used += cost;
      first &= cost == 0;
      sections.add(s);
    }
    int rest = budget - used;
    Set<DocKey> selected = new HashSet<>();
    int identityBudget = (int) Math.floor(rest * identityShare);
    int essentialBudget = (int) Math.floor(rest * essentialShare);
    ContextSection l0 = layer("identity", "L0", templates.identity(), identity, selected);
    int cost = fill(l0, identity, identityBudget, first, selected);
    used += cost;
    first &= cost == 0;
    ContextSection l1 = layer("essential", "L1", templates.essential(), essential, selected);
    cost = fill(l1, essential, essentialBudget + identityBudget - cost, first, selected);
    used += cost;
    first &= cost == 0;
    ContextSection l2 = layer("relevance", "L2", templates.relevance(), relevance, selected);
    fill(l2, relevance, budget - used, first, selected);
    sections.addAll(List.of(l0, l1, l2));
    return fit(budget, withPreamble ? preamble : null, sections);
  }

  private ContextSection layer(
      String name, String label, String heading, Layer layer, Set<DocKey> selected) {
    ContextSection s = new ContextSection(name, label, heading);
    long already = layer.documents().stream().filter(d -> selected.contains(DocKey.of(d))).count();
    s.candidates = layer.total() - already;
    return s;
  }

  private int fillSlot(ContextSection s, String content, int room, boolean first) {
    s.budget = room;
    int fixed = (first ? 0 : tokens.count(SEPARATOR)) + tokens.count(s.heading + "\n");
    String body = content == null ? "" : content.strip();
    if (body.isEmpty() || fixed >= room) {
      s.content = "";
      s.truncated = !body.isEmpty();
      return 0;
    }
    String fitted = tokens.truncate(body, room - fixed);
    s.content = fitted;
    s.truncated = fitted.length() < body.length();
    s.used = fixed + tokens.count(fitted);
    return s.used;
  }

  /** Fills a layer within {@code room} tokens (separator included); returns the tokens used. */
  private int fill(ContextSection s, Layer layer, int room, boolean first, Set<DocKey> selected) {
    s.budget = Math.max(0, room);
    List<IndexDocument> candidates =
        layer.documents().stream().filter(d -> !selected.contains(DocKey.of(d))).toList();
    int cost = tryFill(s, candidates, room, first, 0);
    if (s.omitted() > 0) {
      int reserve = tokens.count("\n" + templates.omitted(s.candidates));
      cost = tryFill(s, candidates, room, first, reserve);
    }
    if (!s.rendered()) {
      return 0;
    }
    s.entries.forEach(e -> selected.add(e.key()));
    s.used = s.omitted() > 0 ? cost + tokens.count("\n" + templates.omitted(s.omitted())) : cost;
    return s.used;
  }

  private int tryFill(
      ContextSection s, List<IndexDocument> candidates, int room, boolean first, int reserve) {
    s.entries.clear();
    int cost = (first ? 0 : tokens.count(SEPARATOR)) + tokens.count(s.heading);
    for (IndexDocument d : candidates) {
      String line = templates.line(d);
      boolean lead = s.entries.isEmpty() && s.heading.isEmpty();
      int lineCost = tokens.count(lead ? line : "\n" + line);
      if (cost + lineCost + reserve <= room) {
        s.entries.add(new ContextSection.Entry(DocKey.of(d), line));
        cost += lineCost;
      }
    }
    return cost;
  }

  /** Counts the whole block and drops the last items (then slots) until it fits the budget. */
  private Assembled fit(int budget, String preamble, List<ContextSection> sections) {
    while (true) {
      String text = render(preamble, sections);
      int count = tokens.count(text);
      if (count <= budget) {
        return new Assembled(text, count, sections);
      }
      ContextSection last =
          sections.reversed().stream().filter(ContextSection::rendered).findFirst().orElse(null);
      if (last == null) {
        return fit(budget, null, sections); // only the preamble was left, and it did not fit
      }
      if (last.isSlot()) {
        last.content = "";
        last.truncated = true;
      } else {
        last.entries.removeLast();
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

  private static List<SlotSource.Slot> ordered(List<SlotSource.Slot> slots) {
    return slots.stream()
        .filter(s -> s.content() != null && !s.content().isBlank())
        .sorted(
            Comparator.comparingInt((SlotSource.Slot s) -> ContextTemplates.slotRank(s.name()))
                .thenComparing(SlotSource.Slot::name)
                .thenComparing(s -> ownerRank(s.ownerType())))
        .toList();
  }

  /** The agent's slots first, then the session's, then the thread's. */
  private static int ownerRank(String owner) {
    return switch (owner == null ? "" : owner) {
      case "AGENT" -> 0;
      case "SESSION" -> 1;
      case "THREAD" -> 2;
      default -> 3;
    };
  }
}
