package dev.engram.recall.recall;

import dev.engram.recall.config.SignalWeights;
import dev.engram.recall.index.SearchHit;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The signals, as one table: each row is a ranked list that recall fuses, with its wire name (the
 * key of the per-item {@code signals} map and of its weight, {@code engram.recall.weights.<wire>}),
 * the stage it runs in, and how its list is built from one recall's {@link RecallRun}. A signal
 * whose weight is 0 is not built. Adding a signal is a row here and its weight key in {@link
 * SignalWeights}.
 *
 * <p>The {@linkplain #experimental() experimental} rows are off by default (weight 0): they were
 * measured on LoCoMo as neutral or harmful (docs/benchmarks/locomo.md, "Ranking, second round", and
 * docs/benchmarks/graph-signals.md) and are kept so that they can be measured again by setting
 * their weight.
 */
public enum Signal {
  /** Dense embedding search (cosine), above the semantic floor. */
  SEMANTIC("semantic", Stage.VECTOR, SignalWeights::semantic, r -> r.above(r.dense(r.visibility))),
  /** BM25 over the analysed text. */
  KEYWORD(
      "keyword",
      Stage.TEXT,
      SignalWeights::keyword,
      r -> r.store.keyword(r.query.text(), r.visibility, r.n)),
  /** The other signals' candidates, newest first (exponential decay); it reorders, never adds. */
  RECENCY(
      "recency",
      Stage.REORDER,
      SignalWeights::recency,
      r -> r.recency.rank(r.candidates(), r.query.reference(r.now))),
  /** Items linked to entities the query names (graph-service). */
  GRAPH("graph", Stage.GRAPH, SignalWeights::graph, r -> r.linked != null, RecallRun::graphHits) {
    @Override
    boolean wanted(RecallSettings s) {
      return super.wanted(s) || CENTRALITY.wanted(s); // centrality ranks the graph's items
    }
  },
  /** The semantic search again, inside the active thread. */
  THREAD(
      "thread",
      Stage.VECTOR,
      SignalWeights::thread,
      r -> r.query.thread() != null,
      r -> r.above(r.dense(r.inThread()))),
  /** Items containing a proper noun of the query verbatim. */
  ENTITY(
      "entity",
      Stage.TEXT,
      SignalWeights::entity,
      r -> r.settings.maxNames() > 0,
      r -> r.entities.find(r.query.text(), r.visibility, r.n)),
  /** Turns next to a well-placed turn of the same session: a short reply means what it answers. */
  NEIGHBOUR("neighbour", Stage.EVIDENCE, SignalWeights::neighbour, r -> r.neighbours().others()) {
    @Override
    boolean wanted(RecallSettings s) {
      return super.wanted(s) || SEED_NEIGHBOUR.wanted(s); // one search makes both lists
    }
  },
  /**
   * Turns that matched on their own and sit next to another well-placed turn: the neighbour lift
   * for seeds, at a weight of its own (a small one, so a chatty turn does not overtake a memory).
   */
  SEED_NEIGHBOUR(
      "seed-neighbour", Stage.EVIDENCE, SignalWeights::seedNeighbour, r -> r.neighbours().seeds()) {
    @Override
    boolean wanted(RecallSettings s) {
      return super.wanted(s) || s.weight(NEIGHBOUR) > 0;
    }
  },
  /** Candidates ranked by how well their session matched as a whole (a session's turns tie). */
  SESSION(
      "session",
      Stage.EVIDENCE,
      SignalWeights::session,
      r -> ConversationEvidence.sessions(r.first())),
  /** Candidates created in a time the query names (a date, a month, a year, "last week"). */
  TIME("time", Stage.REORDER, SignalWeights::time, RecallRun::inNamedTime),
  /**
   * The graph neighbours of the first fusion's best memories (relations between memories, one hop
   * by default): what the top items are linked to, although it shares no words with the query.
   */
  EXPANSION(
      "expansion",
      Stage.EVIDENCE,
      SignalWeights::expansion,
      r -> r.graph != null,
      RecallRun::expansion),
  /** The graph's items ranked by the centrality of the query entity they were reached from. */
  CENTRALITY(
      "centrality",
      Stage.GRAPH,
      SignalWeights::centrality,
      r -> r.linked != null,
      r -> GraphSignals.centrality(r.linked, r.lists.get(GRAPH))),
  /** Candidates spoken by (or memories naming) a speaker of the chat that the query names. */
  SPEAKER(
      "speaker",
      Stage.EVIDENCE,
      SignalWeights::speaker,
      r -> SpeakerEvidence.named(r.query.text(), r.first())),
  /** BM25 again, the query expanded with the telling words of the first fusion's best items. */
  FEEDBACK(
      "feedback",
      Stage.EVIDENCE,
      SignalWeights::feedback,
      r -> r.feedback.hits(r.query.text(), r.first(), r.visibility, r.n));

  /**
   * When a list is built: the index searches on the text (started at once, on the search pool),
   * those on the query's vector (started once it is embedded), the graph's answer, the lists that
   * reorder the candidates found so far, and the evidence seeded by a first fusion of all of these.
   */
  enum Stage {
    TEXT,
    VECTOR,
    GRAPH,
    REORDER,
    EVIDENCE
  }

  private static final Set<Signal> EXPERIMENTAL =
      EnumSet.of(GRAPH, SESSION, EXPANSION, CENTRALITY, SPEAKER, FEEDBACK);

  private final String wire;
  private final Stage stage;
  private final ToDoubleFunction<SignalWeights> weightKey;
  private final Predicate<RecallRun> applies;
  private final Function<RecallRun, List<SearchHit>> list;

  Signal(
      String wire,
      Stage stage,
      ToDoubleFunction<SignalWeights> weightKey,
      Function<RecallRun, List<SearchHit>> list) {
    this(wire, stage, weightKey, r -> true, list);
  }

  Signal(
      String wire,
      Stage stage,
      ToDoubleFunction<SignalWeights> weightKey,
      Predicate<RecallRun> applies,
      Function<RecallRun, List<SearchHit>> list) {
    this.wire = wire;
    this.stage = stage;
    this.weightKey = weightKey;
    this.applies = applies;
    this.list = list;
  }

  public String wire() {
    return wire;
  }

  /**
   * Off by default and kept for measurement only: on LoCoMo it did not earn its cost (see the class
   * comment).
   */
  public boolean experimental() {
    return EXPERIMENTAL.contains(this);
  }

  /** Its weight in {@code weights} ({@code engram.recall.weights.<wire>}). */
  double weight(SignalWeights weights) {
    return weightKey.applyAsDouble(weights);
  }

  Stage stage() {
    return stage;
  }

  /** Whether its list is built at all: its weight is above 0 (or a list that needs it is on). */
  boolean wanted(RecallSettings s) {
    return s.weight(this) > 0;
  }

  /** Whether this recall can have the list (a thread, names to look up, a graph). */
  boolean applies(RecallRun run) {
    return applies.test(run);
  }

  /** Its list for this recall; null when there is none (the query names no time). */
  List<SearchHit> list(RecallRun run) {
    return list.apply(run);
  }
}
