package dev.engram.bench.locomo;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Gold turns of a question, as the bench README defines them: evidence strings split on {@code ;}
 * and {@code ,} (a few are malformed, e.g. {@code "D8:6; D9:17"}), what does not resolve to a turn
 * of the conversation dropped.
 */
public final class Evidence {

  private Evidence() {}

  /** The resolvable gold turn ids, in order, without duplicates; empty means "skip". */
  public static List<String> goldTurns(List<String> evidence, Set<String> turnIds) {
    Set<String> gold = new LinkedHashSet<>();
    for (String raw : evidence) {
      for (String part : raw.split("[;,]")) {
        String id = part.strip();
        if (turnIds.contains(id)) {
          gold.add(id);
        }
      }
    }
    return new ArrayList<>(gold);
  }

  /** The session of a turn id: {@code D3} for {@code D3:7} (the part before the colon). */
  public static String session(String diaId) {
    int colon = diaId.indexOf(':');
    return colon < 0 ? diaId : diaId.substring(0, colon);
  }
}
