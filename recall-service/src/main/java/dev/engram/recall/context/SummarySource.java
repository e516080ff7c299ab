package dev.engram.recall.context;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.Visibility;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The summaries capture-service's Reflector makes of each chat and thread (memories of category
 * SUMMARY, metadata {@code level} day, week or month and {@code period_start}), for the history
 * section of a context block. Only a long-horizon question gets one: it asks about a span of time
 * or how things went, which no single memory answers; the coarsest summaries come first (months,
 * then weeks, then days, newest period first within a level), so the block covers the longest time
 * its budget allows before it adds detail.
 */
final class SummarySource {

  static final String SUMMARY = "SUMMARY";

  /** The section's heading (not yet a template setting). */
  static final String HEADING = "## How things went over time";

  /** Share of the budget left after L0 and L1 the history takes; L2 gets the rest. */
  static final double SHARE = 0.5;

  /**
   * Words that ask about a span rather than a moment: "over the last months", "overall", "history",
   * "so far", "in general", "recap", "summarize", "how has ... changed", "since we started", "the
   * whole year", "long-term", "these past weeks". A query naming one date is not long-horizon: a
   * single memory answers it, and recall finds that.
   */
  private static final Pattern LONG_HORIZON =
      Pattern.compile(
          "(?i)\\b(?:overall|histor(?:y|ies)|so far|in general|all (?:this|that|the) time"
              + "|throughout|recap|summar(?:y|ies|ise|ize|ised|ized)|over time|long[- ]term"
              + "|(?:over|during|in|for|across) (?:the|these|those) (?:last|past|previous)"
              + " (?:few |several |couple of |\\d+ |two |three |six |twelve )?"
              + "(?:weeks|months|years)"
              + "|(?:last|past) (?:few|several|\\d+|two|three|six|twelve) (?:weeks|months|years)"
              + "|how (?:has|have|did) .{1,60} (?:changed|evolved|developed|progressed|gone)"
              + "|since (?:we|i|you) (?:first |started|began|met)"
              + "|the whole (?:year|month|time|conversation))");

  private static final Map<String, Integer> COARSENESS = Map.of("month", 0, "week", 1, "day", 2);

  private SummarySource() {}

  /** True when the query asks about a span of time (see {@link #LONG_HORIZON}). */
  static boolean longHorizon(String query) {
    return query != null && LONG_HORIZON.matcher(query).find();
  }

  /** The visible summaries, coarsest first. */
  static ContextAssembler.Layer of(IndexStore store, Visibility memories, int candidates) {
    Page page =
        store.byConfidence(
            memories.withFilters(Filters.only(SUMMARY)), Math.min(500, candidates * 4));
    List<IndexDocument> ordered =
        page.documents().stream()
            .sorted(
                Comparator.comparingInt(SummarySource::coarseness)
                    .thenComparing(SummarySource::start, Comparator.reverseOrder()))
            .toList();
    return new ContextAssembler.Layer(ordered, page.total());
  }

  private static int coarseness(IndexDocument d) {
    String level = d.metadata() == null ? null : d.metadata().get("level");
    return level == null ? COARSENESS.size() : COARSENESS.getOrDefault(level, COARSENESS.size());
  }

  private static String start(IndexDocument d) {
    String s = d.metadata() == null ? null : d.metadata().get("period_start");
    return s == null ? "" : s;
  }
}
