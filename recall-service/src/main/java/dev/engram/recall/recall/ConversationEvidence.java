package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Evidence from the conversation around the first fused candidates, for two more ranked lists.
 * Turns are read one by one, but a conversation is not: "Yes, last week!" means what the turn
 * before it says, and a session that matches in several turns is more likely the one asked about.
 *
 * <ul>
 *   <li>{@link Signal#NEIGHBOUR}: the turns right before and after a seed (same chat and session,
 *       nearest in time within a window) that are not seeds themselves, scored by the best seed
 *       they sit next to. It lifts, or brings in, turns that did not match on their own; a turn
 *       that did is left to its own evidence, so a chatty exchange cannot climb over the memory
 *       that answers the question.
 *   <li>{@link Signal#SEED_NEIGHBOUR}: the seeds that sit next to another seed, scored the same
 *       way, in a list of their own: with a weight below the neighbour list's, a turn that matched
 *       a little and answers a turn that matched well gets part of the neighbour lift, not all.
 *   <li>{@link Signal#SESSION}: the candidates of a session, all scored by the sum of the fused
 *       scores of that session's candidates (so they tie: the list orders sessions, not turns).
 * </ul>
 */
final class ConversationEvidence {

  /** Turns read around one seed: a session's neighbours are among them unless it is very busy. */
  private static final int WINDOW_TURNS = 64;

  private final IndexStore store;
  private final Duration window;
  private final Executor reads;

  /** {@code reads} runs the window reads of the seeds side by side (the recall's search pool). */
  ConversationEvidence(IndexStore store, Duration window, Executor reads) {
    this.store = store;
    this.window = window;
    this.reads = reads;
  }

  /** The two neighbour lists: turns that are not seeds, and seeds next to other seeds. */
  record Neighbours(List<SearchHit> others, List<SearchHit> seeds) {}

  /** The neighbours of the exchanges among {@code seeds}, best first, at most {@code n} each. */
  Neighbours neighbours(List<FusedHit> seeds, Visibility v, int n) {
    Map<DocKey, IndexDocument> docs = new LinkedHashMap<>();
    Map<DocKey, Double> inherited = new LinkedHashMap<>();
    Map<DocKey, Double> inheritedBySeeds = new LinkedHashMap<>();
    Visibility turns = v.withKinds(Set.of(DocKind.EXCHANGE));
    Set<DocKey> seeded = new HashSet<>();
    seeds.forEach(seed -> seeded.add(DocKey.of(seed.document())));
    // One small read per exchange seed (at most evidence.seeds of them), all started at once:
    // a recall waits for the slowest window, not for the sum of up to 20 reads.
    List<FusedHit> exchanges =
        seeds.stream().filter(s -> s.document().kind() == DocKind.EXCHANGE).toList();
    List<CompletableFuture<List<IndexDocument>>> windows =
        exchanges.stream()
            .map(s -> CompletableFuture.supplyAsync(() -> adjacent(s.document(), turns), reads))
            .toList();
    for (int i = 0; i < exchanges.size(); i++) {
      FusedHit seed = exchanges.get(i);
      for (IndexDocument next : HybridRecall.join(windows.get(i))) {
        docs.putIfAbsent(DocKey.of(next), next);
        // a seed matched on its own: inheriting in full would let it overtake its seed
        (seeded.contains(DocKey.of(next)) ? inheritedBySeeds : inherited)
            .merge(DocKey.of(next), seed.score(), Math::max);
      }
    }
    return new Neighbours(best(inherited, docs, n), best(inheritedBySeeds, docs, n));
  }

  private static List<SearchHit> best(
      Map<DocKey, Double> inherited, Map<DocKey, IndexDocument> docs, int n) {
    return inherited.entrySet().stream()
        .sorted(Map.Entry.<DocKey, Double>comparingByValue().reversed())
        .limit(n)
        .map(e -> new SearchHit(docs.get(e.getKey()), e.getValue()))
        .toList();
  }

  /** The candidates that carry a session, each scored by its session's summed fused score. */
  static List<SearchHit> sessions(List<FusedHit> candidates) {
    Map<List<String>, Double> mass = new LinkedHashMap<>();
    for (FusedHit h : candidates) {
      if (h.document().session() != null) {
        mass.merge(session(h.document()), h.score(), Double::sum);
      }
    }
    return candidates.stream()
        .map(FusedHit::document)
        .filter(d -> d.session() != null)
        .map(d -> new SearchHit(d, mass.get(session(d))))
        .sorted(Comparator.comparingDouble(SearchHit::score).reversed())
        .toList();
  }

  /**
   * The nearest earlier and later turns of the same session within the window; turns written at the
   * same instant are all kept, as there is no telling which of them came first.
   */
  private List<IndexDocument> adjacent(IndexDocument seed, Visibility turns) {
    Filters f = turns.filters();
    Filters near =
        Filters.builder()
            .includeArchived(f.includeArchived())
            .created(
                later(f.createdFrom(), seed.createdAt().minus(window)),
                earlier(f.createdTo(), seed.createdAt().plus(window).plusMillis(1)))
            .speakers(f.speakers())
            .asOf(f.asOf())
            .thread(f.thread())
            .build();
    List<IndexDocument> before = new ArrayList<>();
    List<IndexDocument> after = new ArrayList<>();
    for (IndexDocument d : store.byConfidence(turns.withFilters(near), WINDOW_TURNS).documents()) {
      if (d.id().equals(seed.id()) || !Objects.equals(d.session(), seed.session())) {
        continue;
      }
      int c = d.createdAt().compareTo(seed.createdAt());
      if (c < 0) {
        nearest(before, d, Comparator.comparing(IndexDocument::createdAt).reversed());
      } else if (c > 0) {
        nearest(after, d, Comparator.comparing(IndexDocument::createdAt));
      }
    }
    before.addAll(after);
    return before;
  }

  /** Keeps in {@code best} the documents that come first by {@code order}, ties included. */
  private static void nearest(
      List<IndexDocument> best, IndexDocument d, Comparator<IndexDocument> order) {
    int c = best.isEmpty() ? -1 : order.compare(d, best.getFirst());
    if (c < 0) {
      best.clear();
    }
    if (c <= 0) {
      best.add(d);
    }
  }

  private static List<String> session(IndexDocument d) {
    return List.of(Objects.toString(d.chat(), ""), d.session());
  }

  private static Instant later(Instant a, Instant b) {
    return a == null || b.isAfter(a) ? b : a;
  }

  private static Instant earlier(Instant a, Instant b) {
    return a == null || b.isBefore(a) ? b : a;
  }
}
