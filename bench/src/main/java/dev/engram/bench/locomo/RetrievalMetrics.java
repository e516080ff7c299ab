package dev.engram.bench.locomo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The retrieval metrics of the bench README (no LLM): turn recall@k and session recall@k for k = 1,
 * 5, 10, 20, averaged over the questions that have resolvable evidence; overall, per category and
 * without category 5 (adversarial).
 */
public final class RetrievalMetrics {

  public static final int[] KS = {1, 5, 10, 20};

  static final Map<Integer, String> CATEGORIES =
      Map.of(1, "multi-hop", 2, "temporal", 3, "open-domain", 4, "single-hop", 5, "adversarial");

  private RetrievalMetrics() {}

  /** One row of the report: {@code turn[i]} and {@code session[i]} are the means at KS[i]. */
  public record Group(String name, int questions, double[] turn, double[] session) {}

  /**
   * What was scored. {@code skipped}: questions without resolvable evidence; {@code missing}:
   * questions with no result line (scored as retrieving nothing); {@code unknown}: result lines
   * naming no question of the data.
   */
  public record Report(int questions, int skipped, int missing, int unknown, List<Group> groups) {

    public Group group(String name) {
      return groups.stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow();
    }
  }

  /**
   * |gold ∩ turns of the top k items| / |gold| for each k; an item counts for every turn it came
   * from.
   */
  static double[] turnRecall(List<String> gold, List<List<String>> items) {
    double[] recall = new double[KS.length];
    Set<String> wanted = new HashSet<>(gold);
    for (int i = 0; i < KS.length; i++) {
      Set<String> seen = new HashSet<>();
      for (int r = 0; r < Math.min(KS[i], items.size()); r++) {
        seen.addAll(items.get(r));
      }
      seen.retainAll(wanted);
      recall[i] = (double) seen.size() / wanted.size();
    }
    return recall;
  }

  /**
   * Sessions ranked by their first appearance in the result list; |gold sessions ∩ top k sessions|
   * / |gold sessions|.
   */
  static double[] sessionRecall(List<String> gold, List<List<String>> items) {
    Set<String> wanted = new HashSet<>();
    gold.forEach(id -> wanted.add(Evidence.session(id)));
    List<String> ranked = new ArrayList<>(rankedSessions(items));
    double[] recall = new double[KS.length];
    for (int i = 0; i < KS.length; i++) {
      Set<String> top = new HashSet<>(ranked.subList(0, Math.min(KS[i], ranked.size())));
      top.retainAll(wanted);
      recall[i] = (double) top.size() / wanted.size();
    }
    return recall;
  }

  static Set<String> rankedSessions(List<List<String>> items) {
    Set<String> ranked = new LinkedHashSet<>();
    items.forEach(ids -> ids.forEach(id -> ranked.add(Evidence.session(id))));
    return ranked;
  }

  public static Report score(List<LocomoData.Conversation> data, List<ResultLine> results) {
    Map<String, ResultLine> byQuestion = new HashMap<>();
    int unknown = 0;
    Set<String> known = new HashSet<>();
    data.forEach(c -> c.questions().forEach(q -> known.add(key(c.sampleId(), q.index()))));
    for (ResultLine line : results) {
      String key = key(line.sampleId(), line.qaIndex());
      if (known.contains(key)) {
        byQuestion.put(key, line);
      } else {
        unknown++;
      }
    }
    Accumulator all = new Accumulator("all");
    Accumulator withoutAdversarial = new Accumulator("without cat 5");
    Map<Integer, Accumulator> categories = new TreeMap<>();
    int questions = 0;
    int skipped = 0;
    int missing = 0;
    for (LocomoData.Conversation c : data) {
      Set<String> turnIds = c.turnIds();
      for (LocomoData.Question q : c.questions()) {
        questions++;
        List<String> gold = Evidence.goldTurns(q.evidence(), turnIds);
        if (gold.isEmpty()) {
          skipped++;
          continue;
        }
        ResultLine line = byQuestion.get(key(c.sampleId(), q.index()));
        if (line == null) {
          missing++;
        }
        List<List<String>> items = new ArrayList<>();
        if (line != null) {
          line.retrieved().forEach(item -> items.add(item.diaIds()));
        }
        double[] turn = turnRecall(gold, items);
        double[] session = sessionRecall(gold, items);
        all.add(turn, session);
        if (q.category() != 5) {
          withoutAdversarial.add(turn, session);
        }
        categories
            .computeIfAbsent(q.category(), cat -> new Accumulator(categoryName(cat)))
            .add(turn, session);
      }
    }
    List<Group> groups = new ArrayList<>();
    groups.add(all.group());
    groups.add(withoutAdversarial.group());
    categories.values().forEach(a -> groups.add(a.group()));
    return new Report(questions, skipped, missing, unknown, groups);
  }

  static String categoryName(int category) {
    return "cat " + category + " " + CATEGORIES.getOrDefault(category, "other");
  }

  private static String key(String sampleId, int qaIndex) {
    return sampleId + "#" + qaIndex;
  }

  private static final class Accumulator {
    private final String name;
    private final double[] turn = new double[KS.length];
    private final double[] session = new double[KS.length];
    private int n;

    Accumulator(String name) {
      this.name = name;
    }

    void add(double[] t, double[] s) {
      for (int i = 0; i < KS.length; i++) {
        turn[i] += t[i];
        session[i] += s[i];
      }
      n++;
    }

    Group group() {
      double[] t = new double[KS.length];
      double[] s = new double[KS.length];
      for (int i = 0; i < KS.length; i++) {
        t[i] = n == 0 ? Double.NaN : turn[i] / n;
        s[i] = n == 0 ? Double.NaN : session[i] / n;
      }
      return new Group(name, n, t, s);
    }
  }
}
