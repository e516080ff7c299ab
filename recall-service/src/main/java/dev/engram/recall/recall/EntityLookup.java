package dev.engram.recall.recall;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The entity signal: items that contain a proper noun of the query verbatim, most names matched
 * first; the score is the number of names (so items naming as many share a rank). Bounded: at most
 * {@code maxNames} names, each one BM25 lookup of at most {@code n} items, then checked word for
 * word. A name that fills the whole list is not distinctive (the user's own name, a speaker prefix
 * on every turn) and is skipped: injecting it would push the same common items over everything.
 */
final class EntityLookup {

  private final IndexStore store;
  private final int maxNames;

  EntityLookup(IndexStore store, int maxNames) {
    this.store = store;
    this.maxNames = maxNames;
  }

  List<SearchHit> find(String query, Visibility v, int n) {
    Map<DocKey, IndexDocument> docs = new LinkedHashMap<>();
    Map<DocKey, Integer> matches = new LinkedHashMap<>();
    for (String name : ProperNouns.in(query, maxNames)) {
      List<IndexDocument> naming =
          store.keyword(name, v, n).stream()
              .map(SearchHit::document)
              .filter(d -> ProperNouns.mentions(d.text(), name))
              .toList();
      if (naming.size() >= n) {
        continue;
      }
      for (IndexDocument d : naming) {
        docs.putIfAbsent(DocKey.of(d), d);
        matches.merge(DocKey.of(d), 1, Integer::sum);
      }
    }
    return matches.entrySet().stream()
        .sorted(Map.Entry.<DocKey, Integer>comparingByValue().reversed())
        .limit(n)
        .map(e -> new SearchHit(docs.get(e.getKey()), e.getValue()))
        .toList();
  }
}
