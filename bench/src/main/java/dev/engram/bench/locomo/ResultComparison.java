package dev.engram.bench.locomo;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs of the same questions compared list by list (issue 14: the same file in an empty and in
 * a crowded tenant): how many questions got the same items in the same order at the top 10 and the
 * top 50, how many the same scores too, and how many of the differing top-10 lists had a signal
 * skipped in either run (a timeout rather than the data).
 */
record ResultComparison(
    int questions,
    int sameTop10,
    int sameTop50,
    int sameScores,
    int differingTop10WithSkip,
    int onlyInOne) {

  static ResultComparison of(List<ResultLine> a, List<ResultLine> b) {
    Map<String, ResultLine> byQuestion = new HashMap<>();
    b.forEach(line -> byQuestion.put(key(line), line));
    int questions = 0;
    int top10 = 0;
    int top50 = 0;
    int scores = 0;
    int skipped = 0;
    for (ResultLine x : a) {
      ResultLine y = byQuestion.remove(key(x));
      if (y == null) {
        continue;
      }
      questions++;
      boolean same10 = ids(x, 10).equals(ids(y, 10));
      top10 += same10 ? 1 : 0;
      top50 += ids(x, 50).equals(ids(y, 50)) ? 1 : 0;
      scores += top(x, 50).equals(top(y, 50)) ? 1 : 0;
      if (!same10 && (!x.skipped().isEmpty() || !y.skipped().isEmpty())) {
        skipped++;
      }
    }
    int onlyInOne = a.size() - questions + byQuestion.size();
    return new ResultComparison(questions, top10, top50, scores, skipped, onlyInOne);
  }

  void print(PrintStream out) {
    out.printf(
        "%d questions in both: same top 10 %d, same top 50 %d, same top 50 with equal scores %d;"
            + " %d differing top-10 lists had a skipped signal in either run%s%n",
        questions,
        sameTop10,
        sameTop50,
        sameScores,
        differingTop10WithSkip,
        onlyInOne > 0 ? "; " + onlyInOne + " questions in one file only" : "");
  }

  private static String key(ResultLine line) {
    return line.sampleId() + '#' + line.qaIndex();
  }

  /** Items by the turns they came from: ids differ between two tenants, the turns do not. */
  private static List<String> ids(ResultLine line, int n) {
    return line.retrieved().stream().limit(n).map(i -> i.kind() + ':' + i.diaIds()).toList();
  }

  private static List<String> top(ResultLine line, int n) {
    return line.retrieved().stream()
        .limit(n)
        .map(i -> i.kind() + ':' + i.diaIds() + '=' + i.score())
        .toList();
  }
}
