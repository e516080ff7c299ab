package dev.engram.graph.centrality;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThan;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PageRankTest {

  @Test
  void aStarsCentreRanksHighestAndScoresSumToOne() {
    // 0 is linked to 1, 2, 3; 4 is isolated.
    int[][] links = {{1, 2, 3}, {0}, {0}, {0}, {}};
    PageRank.Result result = PageRank.compute(links, 0.85, 500, 1e-9);
    double[] s = result.scores();
    assertThat(Arrays.stream(s).sum(), closeTo(1.0, 1e-9));
    assertThat(s[0], greaterThan(s[1]));
    assertThat(s[1], closeTo(s[2], 1e-9));
    assertThat(s[4], lessThan(s[1]));
    assertThat(result.iterations(), lessThan(500));
  }

  @Test
  void aSymmetricCycleIsUniform() {
    int[][] links = {{1, 2}, {0, 2}, {0, 1}};
    double[] s = PageRank.compute(links, 0.85, 100, 1e-12).scores();
    for (double score : s) {
      assertThat(score, closeTo(1.0 / 3, 1e-9));
    }
  }
}
