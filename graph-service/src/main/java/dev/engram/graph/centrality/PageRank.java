package dev.engram.graph.centrality;

import java.util.Arrays;

/**
 * PageRank by power iteration over an undirected multigraph (a fact links its two entities both
 * ways: being the object of many facts and the subject of many are both signs of importance). Nodes
 * without links spread their score evenly, so the scores always sum to 1.
 */
final class PageRank {

  private PageRank() {}

  /** The scores, and how many iterations it took. */
  record Result(double[] scores, int iterations) {}

  /** {@code links[i]} lists the neighbours of node i (repeated once per link). */
  static Result compute(int[][] links, double damping, int maxIterations, double tolerance) {
    int n = links.length;
    if (n == 0) {
      return new Result(new double[0], 0);
    }
    double[] rank = new double[n];
    Arrays.fill(rank, 1.0 / n);
    double[] next = new double[n];
    int iteration = 0;
    while (iteration < maxIterations) {
      iteration++;
      double dangling = 0;
      Arrays.fill(next, 0);
      for (int j = 0; j < n; j++) {
        if (links[j].length == 0) {
          dangling += rank[j];
          continue;
        }
        double share = damping * rank[j] / links[j].length;
        for (int i : links[j]) {
          next[i] += share;
        }
      }
      double base = (1 - damping) / n + damping * dangling / n;
      double delta = 0;
      for (int i = 0; i < n; i++) {
        next[i] += base;
        delta += Math.abs(next[i] - rank[i]);
      }
      double[] swap = rank;
      rank = next;
      next = swap;
      if (delta < tolerance) {
        break;
      }
    }
    return new Result(rank, iteration);
  }
}
