package dev.engram.recall.index;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
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
    BooleanQuery.Builder kinds = new BooleanQuery.Builder();
    boolean any = false;
    if (v.kinds().contains(DocKind.MEMORY)) {
      kinds.add(memories(v), Occur.SHOULD);
      any = true;
    }
    if (v.kinds().contains(DocKind.EXCHANGE) && v.chat() != null) {
      kinds.add(
          all(
              term(LuceneSchema.KIND, DocKind.EXCHANGE.wire()),
              term(LuceneSchema.AGENT, v.agent()),
              term(LuceneSchema.CHAT, v.chat())),
          Occur.SHOULD);
      any = true;
    }
    if (!any) {
      return new MatchNoDocsQuery("no kind visible");
    }
    BooleanQuery.Builder query =
        new BooleanQuery.Builder()
            .add(term(LuceneSchema.TENANT, v.tenant()), Occur.FILTER)
            .add(status(v.filters()), Occur.FILTER)
            .add(
                LongPoint.newRangeQuery(
                    LuceneSchema.EXPIRES_AT, LuceneSchema.micros(v.now()), LuceneSchema.NEVER),
                Occur.FILTER)
            .add(kinds.build(), Occur.FILTER);
    narrow(query, v.filters());
    return query.build();
  }

  /**
   * ACTIVE (or ARCHIVED too); with {@code as_of}, what was ACTIVE then: created by then and
   * archived or superseded only afterwards.
   */
  private static Query status(Filters f) {
    BooleanQuery.Builder status =
        new BooleanQuery.Builder()
            .add(term(LuceneSchema.STATUS, Status.ACTIVE.name()), Occur.SHOULD);
    if (f.includeArchived()) {
      status.add(term(LuceneSchema.STATUS, Status.ARCHIVED.name()), Occur.SHOULD);
    }
    if (f.asOf() == null) {
      return status.build();
    }
    long asOf = LuceneSchema.micros(f.asOf());
    status
        .add(leftAfter(Status.ARCHIVED, LuceneSchema.ARCHIVED_AT, asOf), Occur.SHOULD)
        .add(leftAfter(Status.SUPERSEDED, LuceneSchema.SUPERSEDED_AT, asOf), Occur.SHOULD);
    return all(
        status.build(), LongPoint.newRangeQuery(LuceneSchema.CREATED_AT, Long.MIN_VALUE, asOf));
  }

  private static Query leftAfter(Status status, String field, long asOf) {
    return all(
        term(LuceneSchema.STATUS, status.name()),
        LongPoint.newRangeQuery(field, asOf + 1, Long.MAX_VALUE));
  }

  private static void narrow(BooleanQuery.Builder query, Filters f) {
    if (f.categories() != null) {
      query.add(anyOf(LuceneSchema.CATEGORY, f.categories()), Occur.FILTER);
    }
    if (f.exceptCategories() != null) {
      query.add(anyOf(LuceneSchema.CATEGORY, f.exceptCategories()), Occur.MUST_NOT);
    }
    if (f.speakers() != null) {
      query.add(anyOf(LuceneSchema.SPEAKER, f.speakers()), Occur.FILTER);
    }
    if (f.minConfidence() != null) {
      query.add(
          DoublePoint.newRangeQuery(
              LuceneSchema.CONFIDENCE, f.minConfidence(), Double.POSITIVE_INFINITY),
          Occur.FILTER);
    }
    if (f.createdFrom() != null || f.createdTo() != null) {
      long from = f.createdFrom() == null ? Long.MIN_VALUE : LuceneSchema.micros(f.createdFrom());
      long to = f.createdTo() == null ? Long.MAX_VALUE : LuceneSchema.micros(f.createdTo()) - 1;
      query.add(LongPoint.newRangeQuery(LuceneSchema.CREATED_AT, from, to), Occur.FILTER);
    }
    if (f.thread() != null) {
      query.add(term(LuceneSchema.THREAD, f.thread()), Occur.FILTER);
    }
  }

  private static Query memories(Visibility v) {
    BooleanQuery.Builder scopes =
        new BooleanQuery.Builder()
            .add(term(LuceneSchema.SCOPE, Scope.GLOBAL.name()), Occur.SHOULD)
            .add(
                all(
                    term(LuceneSchema.SCOPE, Scope.AGENT.name()),
                    term(LuceneSchema.AGENT, v.agent())),
                Occur.SHOULD);
    if (v.chat() != null) {
      scopes.add(
          all(
              term(LuceneSchema.SCOPE, Scope.CHAT.name()),
              term(LuceneSchema.AGENT, v.agent()),
              term(LuceneSchema.CHAT, v.chat())),
          Occur.SHOULD);
    }
    return all(term(LuceneSchema.KIND, DocKind.MEMORY.wire()), scopes.build());
  }

  /** Any of the analysed query terms (OR), scored by BM25, within the visibility filter. */
  static Query keyword(Analyzer analyzer, String text, Query filter) {
    Set<String> terms = TextTerms.distinct(analyzer, text);
    if (terms.isEmpty()) {
      return null;
    }
    BooleanQuery.Builder should = new BooleanQuery.Builder();
    for (String t : terms) {
      should.add(new TermQuery(new Term(LuceneSchema.TEXT, t)), Occur.SHOULD);
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
