package dev.engram.recall.index.qdrant;

import static io.qdrant.client.ConditionFactory.filter;
import static io.qdrant.client.ConditionFactory.hasId;
import static io.qdrant.client.ConditionFactory.isEmpty;
import static io.qdrant.client.ConditionFactory.matchKeyword;
import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.ConditionFactory.range;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.Visibility;
import io.qdrant.client.grpc.Common.Condition;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.Range;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * {@link Visibility} as a Qdrant filter, condition for condition the same as the Lucene adapter's
 * query (the shared contract test holds both to it). Empty when nothing can be visible (no kind),
 * so the adapter answers without a call: Qdrant has no "match nothing" filter, and the client
 * refuses a null one.
 */
final class QdrantFilters {

  private QdrantFilters() {}

  static Optional<Filter> visibility(Visibility v) {
    List<Condition> kinds = new ArrayList<>();
    if (v.kinds().contains(DocKind.MEMORY)) {
      kinds.add(memories(v));
    }
    if (v.kinds().contains(DocKind.EXCHANGE) && v.chat() != null) {
      kinds.add(
          all(
              matchKeyword(DocField.KIND.stored(), DocKind.EXCHANGE.wire()),
              matchKeyword(DocField.AGENT.stored(), v.agent()),
              matchKeyword(DocField.CHAT.stored(), v.chat())));
    }
    if (kinds.isEmpty()) {
      return Optional.empty();
    }
    Filter.Builder f =
        Filter.newBuilder()
            .addMust(matchKeyword(DocField.TENANT.stored(), v.tenant()))
            .addMust(
                range(
                    DocField.EXPIRES_AT.stored(),
                    Range.newBuilder().setGte(QdrantPoints.micros(v.now())).build()))
            .addMust(any(kinds))
            .addAllMust(status(v.filters()));
    narrow(f, v.filters());
    if (v.mode() != null) {
      // this mode, or none (an absent payload key is "empty")
      f.addMust(
          any(
              List.of(
                  matchKeyword(DocField.MODE.stored(), v.mode()),
                  isEmpty(DocField.MODE.stored()))));
    }
    return Optional.of(f.build());
  }

  /** The named documents of the visibility's tenant, within it. */
  static Optional<Filter> keys(Visibility v, Collection<DocKey> keys) {
    return visibility(v)
        .map(
            f ->
                f.toBuilder()
                    .addMust(
                        hasId(
                            keys.stream()
                                .map(k -> QdrantPoints.id(v.tenant(), k.kind(), k.id()))
                                .toList()))
                    .build());
  }

  /** Every document of one tenant (a reset). */
  static Filter tenant(String tenant) {
    return Filter.newBuilder().addMust(matchKeyword(DocField.TENANT.stored(), tenant)).build();
  }

  private static List<Condition> status(Filters f) {
    List<Condition> status = new ArrayList<>();
    status.add(matchKeyword(DocField.STATUS.stored(), Status.ACTIVE.name()));
    if (f.includeArchived()) {
      status.add(matchKeyword(DocField.STATUS.stored(), Status.ARCHIVED.name()));
    }
    if (f.asOf() == null) {
      return List.of(any(status));
    }
    double asOf = QdrantPoints.micros(f.asOf());
    status.add(leftAfter(Status.ARCHIVED, DocField.ARCHIVED_AT.stored(), asOf));
    status.add(leftAfter(Status.SUPERSEDED, DocField.SUPERSEDED_AT.stored(), asOf));
    return List.of(
        any(status), range(DocField.CREATED_AT.stored(), Range.newBuilder().setLte(asOf).build()));
  }

  private static Condition leftAfter(Status status, String field, double asOf) {
    return all(
        matchKeyword(DocField.STATUS.stored(), status.name()),
        range(field, Range.newBuilder().setGt(asOf).build()));
  }

  private static void narrow(Filter.Builder f, Filters filters) {
    if (filters.categories() != null) {
      f.addMust(matchKeywords(DocField.CATEGORY.stored(), List.copyOf(filters.categories())));
    }
    if (filters.exceptCategories() != null) {
      f.addMustNot(
          matchKeywords(DocField.CATEGORY.stored(), List.copyOf(filters.exceptCategories())));
    }
    if (filters.speakers() != null) {
      f.addMust(matchKeywords(DocField.SPEAKER.stored(), List.copyOf(filters.speakers())));
    }
    if (filters.minConfidence() != null) {
      f.addMust(
          range(
              DocField.CONFIDENCE.stored(),
              Range.newBuilder().setGte(filters.minConfidence()).build()));
    }
    if (filters.createdFrom() != null || filters.createdTo() != null) {
      Range.Builder created = Range.newBuilder();
      if (filters.createdFrom() != null) {
        created.setGte(QdrantPoints.micros(filters.createdFrom()));
      }
      if (filters.createdTo() != null) {
        created.setLt(QdrantPoints.micros(filters.createdTo()));
      }
      f.addMust(range(DocField.CREATED_AT.stored(), created.build()));
    }
    if (filters.thread() != null) {
      f.addMust(matchKeyword(DocField.THREAD.stored(), filters.thread()));
    }
  }

  private static Condition memories(Visibility v) {
    List<Condition> scopes = new ArrayList<>();
    scopes.add(matchKeyword(DocField.SCOPE.stored(), Scope.GLOBAL.name()));
    scopes.add(
        all(
            matchKeyword(DocField.SCOPE.stored(), Scope.AGENT.name()),
            matchKeyword(DocField.AGENT.stored(), v.agent())));
    if (v.chat() != null) {
      scopes.add(
          all(
              matchKeyword(DocField.SCOPE.stored(), Scope.CHAT.name()),
              matchKeyword(DocField.AGENT.stored(), v.agent()),
              matchKeyword(DocField.CHAT.stored(), v.chat())));
    }
    return all(matchKeyword(DocField.KIND.stored(), DocKind.MEMORY.wire()), any(scopes));
  }

  private static Condition all(Condition... conditions) {
    return filter(Filter.newBuilder().addAllMust(List.of(conditions)).build());
  }

  private static Condition any(List<Condition> conditions) {
    return filter(Filter.newBuilder().addAllShould(conditions).build());
  }
}
