package dev.engram.recall.context;

import dev.engram.recall.index.DocKey;
import java.util.HashSet;
import java.util.Set;

/**
 * One context block's budget while its sections are filled, the bookkeeping written once: the
 * tokens used so far (separators included), whether the next section is the first one shown (no
 * separator before it), the base the sections' shares are taken of (what was left at the last
 * {@link #rebase}), and the items already shown (an item is shown once).
 */
final class ContextBudget {

  private final int total;
  private int used;
  private boolean first;
  private int base;
  private final Set<DocKey> shown = new HashSet<>();
  private final Set<Long> shownFacts = new HashSet<>();

  /** A budget of {@code total} tokens of which the preamble took {@code preamble} (0: none). */
  ContextBudget(int total, int preamble) {
    this.total = total;
    this.used = preamble;
    this.first = preamble == 0;
    this.base = total - preamble;
  }

  /** Tokens not used yet. */
  int left() {
    return total - used;
  }

  /** Whether nothing has been shown yet. */
  boolean first() {
    return first;
  }

  /** {@code share} of the base, rounded down. */
  int share(double share) {
    return (int) Math.floor(base * share);
  }

  /** The shares from now on are of what is left now. */
  void rebase() {
    base = left();
  }

  /** Accounts for {@code cost} tokens a section used; returns it. */
  int charge(int cost) {
    used += cost;
    first &= cost == 0;
    return cost;
  }

  boolean shows(DocKey key) {
    return shown.contains(key);
  }

  boolean showsFact(long id) {
    return shownFacts.contains(id);
  }

  /** Notes the items {@code s} selected as shown. */
  void record(ContextSection s) {
    for (ContextSection.Entry e : s.entries) {
      if (e.key() != null) {
        shown.add(e.key());
      } else {
        shownFacts.add(e.fact());
      }
    }
  }
}
