package dev.engram.bench.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Coverage and support of extracted memories against reference observations, as issue 15 defines
 * them: an observation is covered when a memory made from one of its evidence turns says the same
 * thing (cosine of their embeddings at or above the cover threshold); a memory is supported when it
 * matches, the same way, an observation of one of its source turns.
 */
final class CaptureScore {

  private CaptureScore() {}

  /** A text and the turns it belongs to (an observation's evidence, a memory's sources). */
  record Item(String text, Set<String> turns) {}

  /** The counts of one conversation (or all), with what was missed. */
  record Result(
      int observations,
      int covered,
      int memories,
      int supported,
      List<Item> uncovered,
      List<Item> unsupported) {

    double coverage() {
      return observations == 0 ? 0 : (double) covered / observations;
    }

    double support() {
      return memories == 0 ? 0 : (double) supported / memories;
    }

    /** The sum of two results (the missed items of both, in order). */
    Result plus(Result other) {
      List<Item> u = new ArrayList<>(uncovered);
      u.addAll(other.uncovered);
      List<Item> s = new ArrayList<>(unsupported);
      s.addAll(other.unsupported);
      return new Result(
          observations + other.observations,
          covered + other.covered,
          memories + other.memories,
          supported + other.supported,
          u,
          s);
    }

    static Result empty() {
      return new Result(0, 0, 0, 0, List.of(), List.of());
    }
  }

  /**
   * Scores one conversation. {@code vectors} holds the embedding of every text of both lists (unit
   * length not required).
   */
  static Result score(
      List<Item> observations,
      List<Item> memories,
      Map<String, float[]> vectors,
      double coverThreshold,
      double supportThreshold) {
    List<Item> uncovered = new ArrayList<>();
    for (Item o : observations) {
      if (!matches(o, memories, vectors, coverThreshold)) {
        uncovered.add(o);
      }
    }
    List<Item> unsupported = new ArrayList<>();
    for (Item m : memories) {
      if (!matches(m, observations, vectors, supportThreshold)) {
        unsupported.add(m);
      }
    }
    return new Result(
        observations.size(),
        observations.size() - uncovered.size(),
        memories.size(),
        memories.size() - unsupported.size(),
        uncovered,
        unsupported);
  }

  /** Whether an item of {@code others} sharing a turn with {@code item} is close enough. */
  private static boolean matches(
      Item item, List<Item> others, Map<String, float[]> vectors, double threshold) {
    float[] v = vector(vectors, item.text());
    for (Item other : others) {
      if (shareTurn(item, other) && cosine(v, vector(vectors, other.text())) >= threshold) {
        return true;
      }
    }
    return false;
  }

  private static boolean shareTurn(Item a, Item b) {
    for (String turn : a.turns()) {
      if (b.turns().contains(turn)) {
        return true;
      }
    }
    return false;
  }

  private static float[] vector(Map<String, float[]> vectors, String text) {
    float[] v = vectors.get(text);
    if (v == null) {
      throw new IllegalStateException("no embedding for: " + text);
    }
    return v;
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
