package dev.engram.recall.context;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a context block reads from the index itself: the PROFILE memories and the other memories by
 * confidence (L0, L1), the summaries for a long-horizon question, the canonical memories first in
 * L0, and the memories about each person of the chat.
 */
final class MemoryLayers {

  static final String PROFILE = "PROFILE";

  /** The index layers of one block. */
  record Read(Page profile, Page essential, ContextAssembler.Layer history) {}

  private final IndexStore store;
  private final int candidates;

  MemoryLayers(IndexStore store, int candidates) {
    this.store = store;
    this.candidates = candidates;
  }

  Read read(Visibility memories, String query) {
    Page profile = store.byConfidence(memories.withFilters(Filters.only(PROFILE)), candidates);
    Page essential =
        store.byConfidence(
            memories.withFilters(Filters.except(PROFILE, SummarySource.SUMMARY)), candidates);
    ContextAssembler.Layer history =
        SummarySource.longHorizon(query)
            ? SummarySource.of(store, memories, candidates)
            : ContextAssembler.Layer.EMPTY;
    return new Read(profile, essential, history);
  }

  /**
   * What is known about one person: the memories naming them (a keyword search for the name, plus
   * any gathered memory whose metadata says it is about them), PROFILE first; the facts about them.
   */
  People.Person person(
      String name,
      Visibility memories,
      List<IndexDocument> pool,
      FactSource.Facts current,
      Set<DocKey> promoted) {
    Map<DocKey, IndexDocument> found = new LinkedHashMap<>();
    store.keyword(name, memories, candidates).stream()
        .map(SearchHit::document)
        .forEach(d -> found.putIfAbsent(DocKey.of(d), d));
    pool.stream()
        .filter(d -> d.kind() == DocKind.MEMORY)
        .forEach(d -> found.putIfAbsent(DocKey.of(d), d));
    List<IndexDocument> about =
        found.values().stream()
            .filter(d -> People.about(d, name) && !promoted.contains(DocKey.of(d)))
            .sorted(Comparator.comparingInt(d -> PROFILE.equals(d.category()) ? 0 : 1))
            .toList();
    List<FactSource.Fact> theirs =
        current.facts().stream().filter(f -> People.about(f, name)).toList();
    return new People.Person(name, about, theirs);
  }

  /**
   * The identity layer: the memories a human promoted (canonical) first, in capture's order, then
   * the PROFILE memories by confidence. A canonical memory the index does not show this agent (or
   * not yet) is left out.
   */
  Page canonicalFirst(List<Long> ids, Page profile, Visibility memories) {
    if (ids.isEmpty()) {
      return profile;
    }
    Map<DocKey, IndexDocument> found = new LinkedHashMap<>();
    store
        .get(ids.stream().map(id -> new DocKey(DocKind.MEMORY, id)).toList(), memories)
        .forEach(d -> found.put(DocKey.of(d), d));
    List<IndexDocument> first = new ArrayList<>();
    ids.stream()
        .map(id -> found.get(new DocKey(DocKind.MEMORY, id)))
        .filter(d -> d != null)
        .forEach(first::add);
    Set<DocKey> promoted = new LinkedHashSet<>(first.stream().map(DocKey::of).toList());
    List<IndexDocument> rest =
        profile.documents().stream().filter(d -> !promoted.contains(DocKey.of(d))).toList();
    long added = first.size() - (profile.documents().size() - rest.size());
    List<IndexDocument> layer = new ArrayList<>(first);
    layer.addAll(rest);
    return new Page(layer, profile.total() + added);
  }
}
