package dev.engram.recall.recall;

/** A ranked list that recall fuses; its wire name keys the per-item {@code signals} map. */
public enum Signal {
  /** Dense embedding search (cosine), above the semantic floor. */
  SEMANTIC("semantic"),
  /** BM25 over the analysed text. */
  KEYWORD("keyword"),
  /** The other signals' candidates, newest first (exponential decay). */
  RECENCY("recency"),
  /** Items linked to entities the query names (graph-service). */
  GRAPH("graph"),
  /** The semantic search again, inside the active thread. */
  THREAD("thread"),
  /** Items containing a proper noun of the query verbatim. */
  ENTITY("entity"),
  /** Turns next to a well-placed turn of the same session: a short reply means what it answers. */
  NEIGHBOUR("neighbour"),
  /**
   * Turns that matched on their own and sit next to another well-placed turn: the neighbour lift
   * for seeds, at a weight of its own (a small one, so a chatty turn does not overtake a memory).
   */
  SEED_NEIGHBOUR("seed-neighbour"),
  /** Candidates ranked by how well their session matched as a whole (a session's turns tie). */
  SESSION("session"),
  /** Candidates created in a time the query names (a date, a month, a year, "last week"). */
  TIME("time"),
  /**
   * The graph neighbours of the first fusion's best memories (relations between memories, one hop
   * by default): what the top items are linked to, although it shares no words with the query.
   */
  EXPANSION("expansion"),
  /** The graph's items ranked by the centrality of the query entity they were reached from. */
  CENTRALITY("centrality"),
  /** Candidates spoken by (or memories naming) a speaker of the chat that the query names. */
  SPEAKER("speaker"),
  /** BM25 again, the query expanded with the telling words of the first fusion's best items. */
  FEEDBACK("feedback");

  private final String wire;

  Signal(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }
}
