package dev.engram.graph.scope;

/**
 * The copy of an item's order kept on its links to entities (V005), so that neighbours read a
 * seed's links best first from an index and stop after the best visible ones instead of reading a
 * hub's every link (issue 14). A memory's {@code MENTIONS} and {@code SOURCE_OF} carry {@code
 * entity} (the entity's id), {@code rank} (the memory's confidence, 1.0 without one) and {@code
 * memory} (its id); an exchange's {@code MENTIONS} carry {@code entity} and {@code exchange} (its
 * id). Every write of such a link, or of a memory's confidence, sets them with these fragments;
 * exports leave them out ({@link #DERIVED}) and imports set them again.
 */
public final class LinkOrder {

  /** The derived properties, never exported. */
  public static final java.util.List<String> DERIVED =
      java.util.List.of("entity", "rank", "memory", "exchange");

  /** Cypher: sets link {@code r} from memory {@code m} to entity {@code e}. */
  public static String memory(String m, String r, String e) {
    return "SET %2$s.entity = %3$s.id, %2$s.rank = coalesce(%1$s.confidence, 1.0), %2$s.memory = %1$s.id"
        .formatted(m, r, e);
  }

  /** Cypher: sets link {@code r} from exchange {@code x} to entity {@code e}. */
  public static String exchange(String x, String r, String e) {
    return "SET %2$s.entity = %3$s.id, %2$s.exchange = %1$s.id".formatted(x, r, e);
  }

  private LinkOrder() {}
}
