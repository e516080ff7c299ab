package dev.engram.recall.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/** The Lucene queries of the store: the {@link Visibility} filter and the BM25 query. */
final class LuceneQueries {

  /** Query terms beyond this are ignored; keeps a pasted essay under Lucene's clause limit. */
  static final int MAX_QUERY_TERMS = 256;

  private LuceneQueries() {}

  /** Exactly the documents {@link Visibility} describes. */
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
    return new BooleanQuery.Builder()
        .add(term(LuceneSchema.TENANT, v.tenant()), Occur.FILTER)
        .add(term(LuceneSchema.STATUS, Status.ACTIVE.name()), Occur.FILTER)
        .add(
            LongPoint.newRangeQuery(
                LuceneSchema.EXPIRES_AT, LuceneSchema.micros(v.now()), LuceneSchema.NEVER),
            Occur.FILTER)
        .add(kinds.build(), Occur.FILTER)
        .build();
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
    Set<String> terms = analyze(analyzer, text);
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

  /** The distinct terms the analyzer makes of a text (lower-cased, stemmed, stop words out). */
  static Set<String> analyze(Analyzer analyzer, String text) {
    Set<String> terms = new LinkedHashSet<>();
    try (TokenStream stream = analyzer.tokenStream(LuceneSchema.TEXT, text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken() && terms.size() < MAX_QUERY_TERMS) {
        terms.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // analysing a String does no I/O
    }
    return terms;
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
