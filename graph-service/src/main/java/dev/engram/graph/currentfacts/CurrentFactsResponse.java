package dev.engram.graph.currentfacts;

import dev.engram.graph.belief.BeliefsAbout;
import dev.engram.graph.fact.FactView.EntityRef;
import java.time.Instant;
import java.util.List;

/**
 * The entities in play and the current facts about them, best first; {@code omitted} counts the
 * facts that matched beyond the limit; {@code beliefs} null unless the request asked for them.
 */
record CurrentFactsResponse(
    List<EntityRef> entities,
    List<CurrentFact> facts,
    long omitted,
    long tookMs,
    List<BeliefsAbout.Belief> beliefs) {

  /** This answer with the beliefs asked for beside it. */
  CurrentFactsResponse withBeliefs(List<BeliefsAbout.Belief> found) {
    return new CurrentFactsResponse(entities, facts, omitted, tookMs, found);
  }

  /** A fact valid now and not superseded, as a context line needs it. */
  record CurrentFact(
      long id,
      EntityRef subject,
      String predicate,
      EntityRef object,
      Instant validFrom,
      Instant validTo,
      double confidence,
      String scope,
      String agent,
      String chat) {}
}
