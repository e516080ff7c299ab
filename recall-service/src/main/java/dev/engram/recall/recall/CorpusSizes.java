package dev.engram.recall.recall;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.engram.contracts.index.DocKind;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Visibility;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Documents a recall searches among, for the semantic floor: what (tenant, agent, chat) may see, of
 * every kind, before the request's own filters. Not the whole tenant: a chat's floor, and so its
 * answers, must not change because other chats or agents of the tenant grew. Counted at most every
 * few seconds per (tenant, agent, chat): the floor needs the order of magnitude, not the exact
 * count, and counting on every recall would cost more than the search at a million documents.
 */
final class CorpusSizes {

  private static final Set<DocKind> EVERY_KIND = Set.copyOf(Arrays.asList(DocKind.values()));

  private final IndexStore store;
  private final Cache<List<String>, Long> counts =
      Caffeine.newBuilder().expireAfterWrite(Duration.ofSeconds(10)).maximumSize(10_000).build();

  CorpusSizes(IndexStore store) {
    this.store = store;
  }

  long of(Visibility v) {
    return counts.get(
        Arrays.asList(v.tenant(), v.agent(), v.chat()),
        key -> store.byConfidence(v.withKinds(EVERY_KIND).withFilters(Filters.NONE), 1).total());
  }
}
