package dev.engram.recall.index.lucene;

import com.github.benmanes.caffeine.cache.Cache;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.TextTerms;
import dev.engram.recall.index.Visibility;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/** The Lucene queries of the store: the {@link Visibility} filter and the BM25 query. */
final class LuceneQueries {

  private LuceneQueries() {}

  /** Exactly the documents {@link Visibility} (with its {@link Filters}) describes. */
  static Query visibility(Visibility v) {
    return visibility(v, true, true);
  }

  /**
   * {@link #visibility} as {@link VisibleDocs} keeps it per segment: the same documents, with the
   * expiry judged per search rather than in the query, so the query is the same from one search to
   * the next.
   */
  static Query visible(Visibility v, Cache<VisibleDocs.Key, VisibleDocs.Kept> kept) {
    Query apartFromExpiry = visibility(v, true, false);
    if (apartFromExpiry instanceof MatchNoDocsQuery) {
      return apartFromExpiry;
    }
    return new VisibleDocs(apartFromExpiry, LuceneSchema.micros(v.now()), kept);
  }

  /**
   * The documents BM25 counts for a recall ({@link FilteredStatistics}): what the tenant, agent and
   * chat may see (kinds, scopes, status), without the request's own bounds (expiry against now,
   * categories, speakers, times), so a chat's set is the same query from one recall to the next and
   * its per-segment counts can be kept. Documents past their expiry still count until they are
   * deleted: they are the chat's own, never another's.
   */
  static Query statistics(Visibility v) {
    return visibility(v, false, false);
  }

  /**
   * {@code request}: with the request's own bounds; {@code expiry}: with the expiry against now
   * (without it, {@link VisibleDocs#HAS_EXPIRY} in its place, so that only the clock is left out).
   */
  private static Query visibility(Visibility v, boolean request, boolean expiry) {
    BooleanQuery.Builder kinds = new BooleanQuery.Builder();
    boolean any = false;
    if (v.kinds().contains(DocKind.MEMORY)) {
      kinds.add(memories(v), Occur.SHOULD);
      any = true;
    }
    if (v.kinds().contains(DocKind.EXCHANGE) && v.chat() != null) {
      kinds.add(
          all(
              term(DocField.KIND.stored(), DocKind.EXCHANGE.wire()),
              term(DocField.AGENT.stored(), v.agent()),
              term(DocField.CHAT.stored(), v.chat())),
          Occur.SHOULD);
      any = true;
    }
    if (!any) {
      return new MatchNoDocsQuery("no kind visible");
    }
    BooleanQuery.Builder query =
        new BooleanQuery.Builder()
            .add(term(DocField.TENANT.stored(), v.tenant()), Occur.FILTER)
            .add(status(v.filters()), Occur.FILTER);
    if (request) {
      query.add(
          expiry
              ? LongPoint.newRangeQuery(
                  DocField.EXPIRES_AT.stored(), LuceneSchema.micros(v.now()), LuceneSchema.NEVER)
              : VisibleDocs.HAS_EXPIRY,
          Occur.FILTER);
    }
    query.add(kinds.build(), Occur.FILTER);
    if (request) {
      narrow(query, v.filters());
      if (v.mode() != null) {
        query.add(mode(v.mode()), Occur.FILTER);
      }
    }
    return query.build();
  }

  /** This mode, or none (documents indexed before modes existed have no mode either). */
  private static Query mode(String mode) {
    return new BooleanQuery.Builder()
        .add(term(DocField.MODE.stored(), mode), Occur.SHOULD)
        .add(
            new BooleanQuery.Builder()
                .add(new MatchAllDocsQuery(), Occur.FILTER)
                .add(new FieldExistsQuery(DocField.MODE.stored()), Occur.MUST_NOT)
                .build(),
            Occur.SHOULD)
        .build();
  }

  /**
   * ACTIVE (or ARCHIVED too); with {@code as_of}, what was ACTIVE then: created by then and
   * archived or superseded only afterwards.
   */
  private static Query status(Filters f) {
    BooleanQuery.Builder status =
        new BooleanQuery.Builder()
            .add(term(DocField.STATUS.stored(), Status.ACTIVE.name()), Occur.SHOULD);
    if (f.includeArchived()) {
      status.add(term(DocField.STATUS.stored(), Status.ARCHIVED.name()), Occur.SHOULD);
    }
    if (f.asOf() == null) {
      return status.build();
    }
    long asOf = LuceneSchema.micros(f.asOf());
    status
        .add(leftAfter(Status.ARCHIVED, DocField.ARCHIVED_AT.stored(), asOf), Occur.SHOULD)
        .add(leftAfter(Status.SUPERSEDED, DocField.SUPERSEDED_AT.stored(), asOf), Occur.SHOULD);
    return all(
        status.build(),
        LongPoint.newRangeQuery(DocField.CREATED_AT.stored(), Long.MIN_VALUE, asOf));
  }

  private static Query leftAfter(Status status, String field, long asOf) {
    return all(
        term(DocField.STATUS.stored(), status.name()),
        LongPoint.newRangeQuery(field, asOf + 1, Long.MAX_VALUE));
  }

  private static void narrow(BooleanQuery.Builder query, Filters f) {
    if (f.categories() != null) {
      query.add(anyOf(DocField.CATEGORY.stored(), f.categories()), Occur.FILTER);
    }
    if (f.exceptCategories() != null) {
      query.add(anyOf(DocField.CATEGORY.stored(), f.exceptCategories()), Occur.MUST_NOT);
    }
    if (f.speakers() != null) {
      query.add(anyOf(DocField.SPEAKER.stored(), f.speakers()), Occur.FILTER);
    }
    if (f.minConfidence() != null) {
      query.add(
          DoublePoint.newRangeQuery(
              DocField.CONFIDENCE.stored(), f.minConfidence(), Double.POSITIVE_INFINITY),
          Occur.FILTER);
    }
    if (f.createdFrom() != null || f.createdTo() != null) {
      long from = f.createdFrom() == null ? Long.MIN_VALUE : LuceneSchema.micros(f.createdFrom());
      long to = f.createdTo() == null ? Long.MAX_VALUE : LuceneSchema.micros(f.createdTo()) - 1;
      query.add(LongPoint.newRangeQuery(DocField.CREATED_AT.stored(), from, to), Occur.FILTER);
    }
    if (f.thread() != null) {
      query.add(term(DocField.THREAD.stored(), f.thread()), Occur.FILTER);
    }
  }

  private static Query memories(Visibility v) {
    BooleanQuery.Builder scopes =
        new BooleanQuery.Builder()
            .add(term(DocField.SCOPE.stored(), Scope.GLOBAL.name()), Occur.SHOULD)
            .add(
                all(
                    term(DocField.SCOPE.stored(), Scope.AGENT.name()),
                    term(DocField.AGENT.stored(), v.agent())),
                Occur.SHOULD);
    if (v.chat() != null) {
      scopes.add(
          all(
              term(DocField.SCOPE.stored(), Scope.CHAT.name()),
              term(DocField.AGENT.stored(), v.agent()),
              term(DocField.CHAT.stored(), v.chat())),
          Occur.SHOULD);
    }
    return all(term(DocField.KIND.stored(), DocKind.MEMORY.wire()), scopes.build());
  }

  /** Any of the analysed query terms (OR), scored by BM25, within the visibility filter. */
  static Query keyword(Analyzer analyzer, String text, Query filter) {
    return keyword(TextTerms.distinct(analyzer, text), filter);
  }

  /** Any of {@code terms} (OR), scored by BM25, within the visibility filter; null for none. */
  static Query keyword(Set<String> terms, Query filter) {
    if (terms.isEmpty()) {
      return null;
    }
    BooleanQuery.Builder should = new BooleanQuery.Builder();
    for (String t : terms) {
      should.add(new TermQuery(new Term(DocField.TEXT.stored(), t)), Occur.SHOULD);
    }
    return new BooleanQuery.Builder()
        .add(should.build(), Occur.MUST)
        .add(filter, Occur.FILTER)
        .build();
  }

  /** The named documents of the visibility's tenant, within the visibility filter. */
  static Query keys(Visibility v, Collection<DocKey> keys) {
    List<BytesRef> terms =
        keys.stream().map(k -> LuceneSchema.key(v.tenant(), k.kind(), k.id()).bytes()).toList();
    return new BooleanQuery.Builder()
        .add(new TermInSetQuery(LuceneSchema.KEY, terms), Occur.FILTER)
        .add(visibility(v), Occur.FILTER)
        .build();
  }

  private static Query anyOf(String field, Set<String> values) {
    return new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
  }

  private static Query term(String field, String value) {
    return new TermQuery(new Term(field, value));
  }

  private static Query all(Query... queries) {
    BooleanQuery.Builder builder = new BooleanQuery.Builder();
    for (Query q : queries) {
      builder.add(q, Occur.FILTER);
    }
    return builder.build();
  }
}
