package dev.engram.recall.index.lucene;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;

/**
 * The keyword list's ties: hits that contain only the query's names (and the same ones) score
 * alike, at the best score among them. BM25 separates such hits only by their length, and that
 * ordering, at the keyword list's weight, decided answers it had no evidence for: with three people
 * in a chat, "What is Chen's job?" matched Chen's four memories on "chen" alone, and the shortest
 * of them ("Chen has a daughter at university.") outranked the semantic list's clear first place
 * ("Chen teaches mathematics ..."). Tied, they fuse with their mean rank (the fusion's tie rule):
 * the keyword list still lifts Chen's memories over everyone else's, and the other lists choose
 * among them. Hits that contain a word of the question beyond its names keep BM25's order: tying
 * those too cost 0.006 turn@10 on LoCoMo (both halves), where how often and how densely a turn uses
 * the question's words is evidence. Which terms a hit contains comes from the postings of the (at
 * most 64) query terms, advanced over the hits in document order, so it costs no text analysis.
 */
final class TermSetTies {

  /** Queries with more terms are left as BM25 scored them (a signature is one long). */
  static final int MAX_TERMS = 64;

  private TermSetTies() {}

  /**
   * The hits' scores with each group of hits that contain the same query terms raised to the
   * group's best; {@code scores} is what BM25 gave, in hit order.
   */
  static float[] apply(
      IndexReader reader, ScoreDoc[] hits, String field, List<String> terms, Set<String> names)
      throws IOException {
    float[] scores = new float[hits.length];
    for (int i = 0; i < hits.length; i++) {
      scores[i] = hits[i].score;
    }
    if (hits.length < 2 || terms.isEmpty() || terms.size() > MAX_TERMS) {
      return scores;
    }
    long nameMask = 0;
    for (int j = 0; j < terms.size(); j++) {
      if (names.contains(terms.get(j))) {
        nameMask |= 1L << j;
      }
    }
    if (nameMask == 0) {
      return scores;
    }
    long[] signatures = signatures(reader, hits, field, terms);
    Map<Long, Float> best = new HashMap<>();
    for (int i = 0; i < hits.length; i++) {
      if ((signatures[i] & ~nameMask) == 0) {
        best.merge(signatures[i], scores[i], Math::max);
      }
    }
    for (int i = 0; i < hits.length; i++) {
      Float tied = best.get(signatures[i]);
      if (tied != null) {
        scores[i] = tied;
      }
    }
    return scores;
  }

  /** Bit j of a hit's signature: the hit contains {@code terms.get(j)}. */
  private static long[] signatures(
      IndexReader reader, ScoreDoc[] hits, String field, List<String> terms) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    Integer[] byDoc = new Integer[hits.length];
    for (int i = 0; i < hits.length; i++) {
      byDoc[i] = i;
    }
    Arrays.sort(byDoc, Comparator.comparingInt(i -> hits[i].doc));
    long[] signatures = new long[hits.length];
    List<List<Integer>> perLeaf = new ArrayList<>(leaves.size());
    for (int l = 0; l < leaves.size(); l++) {
      perLeaf.add(new ArrayList<>());
    }
    for (int i : byDoc) {
      perLeaf.get(ReaderUtil.subIndex(hits[i].doc, leaves)).add(i);
    }
    for (int l = 0; l < leaves.size(); l++) {
      List<Integer> inLeaf = perLeaf.get(l);
      if (inLeaf.isEmpty()) {
        continue;
      }
      LeafReaderContext leaf = leaves.get(l);
      Terms fieldTerms = leaf.reader().terms(field);
      if (fieldTerms == null) {
        continue;
      }
      TermsEnum te = fieldTerms.iterator();
      PostingsEnum postings = null;
      for (int j = 0; j < terms.size(); j++) {
        if (!te.seekExact(new BytesRef(terms.get(j)))) {
          continue;
        }
        postings = te.postings(postings, PostingsEnum.NONE);
        int at = -1;
        for (int i : inLeaf) {
          int local = hits[i].doc - leaf.docBase;
          if (at < local) {
            at = postings.advance(local);
          }
          if (at == DocIdSetIterator.NO_MORE_DOCS) {
            break;
          }
          if (at == local) {
            signatures[i] |= 1L << j;
          }
        }
      }
    }
    return signatures;
  }
}
