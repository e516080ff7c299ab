package dev.engram.recall.recall;

import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Hybrid recall: one query embedding, bounded ranked lists (one per signal), fused by weighted
 * reciprocal rank fusion. The graph call starts first; the keyword and entity lists start on the
 * search executor while the query is embedded, then the dense lists join them, so a recall takes
 * about as long as its slowest list rather than the sum. If the graph fails or is late, its signal
 * is skipped and the result says why. When the conversational signals are on, a first fusion seeds
 * them and a second one ranks the answer. Plain Java, so it is tested without the application.
 */
public final class HybridRecall {

  /** Told how long each stage took ({@code embed} or a signal's wire name). */
  public interface StageTimer {
    void record(String stage, long nanos);

    /** Told that a signal was skipped; {@code kind} classifies why. */
    default void skipped(Signal signal, String kind) {}
  }

  final IndexStore store;
  final GraphNeighbours graph;
  final RecallSettings settings;
  final ReciprocalRankFusion fusion;
  final Recency recency;
  final EntityLookup entities;
  final ConversationEvidence evidence;
  final GraphSignals graphSignals;
  final Feedback feedback;
  private final Embedder embedder;
  private final StageTimer timer;
  private final Executor searches;
  private final CorpusSizes corpus;

  /** Every list on the calling thread, one after the other. */
  public HybridRecall(
      IndexStore store,
      Embedder embedder,
      GraphNeighbours graph,
      RecallSettings settings,
      StageTimer timer) {
    this(store, embedder, graph, settings, timer, Runnable::run);
  }

  /** {@code graph} may be null: no graph signal at all. {@code searches} runs the index lists. */
  public HybridRecall(
      IndexStore store,
      Embedder embedder,
      GraphNeighbours graph,
      RecallSettings settings,
      StageTimer timer,
      Executor searches) {
    this.store = store;
    this.embedder = embedder;
    this.graph = graph;
    this.settings = settings;
    this.timer = timer;
    this.searches = searches;
    this.fusion = new ReciprocalRankFusion(settings.rrfK(), settings.weights());
    this.recency = new Recency(settings.recency().halfLife(), settings.recency().resolution());
    this.corpus = new CorpusSizes(store);
    this.entities = new EntityLookup(store, settings.maxNames());
    this.evidence =
        new ConversationEvidence(store, settings.evidence().neighbourWindow(), searches);
    this.graphSignals = new GraphSignals(graph, store, settings.expansion(), timer);
    this.feedback = new Feedback(store);
  }

  /**
   * Builds every wanted signal's list stage by stage ({@link Signal.Stage}), in the table's order
   * within a stage, and fuses them (memories folded with their source turns if so configured).
   */
  public RecallResult recall(RecallQuery q, Instant now) {
    Visibility v = q.visibility(now);
    RecallRun run = new RecallRun(this, q, now, settings.floor().at(corpus.of(v)), v);
    run.linked = startGraph(q);
    Map<Signal, CompletableFuture<List<SearchHit>>> running = new EnumMap<>(Signal.class);
    startAll(Signal.Stage.TEXT, run, running);
    if (!wanted(Signal.Stage.VECTOR, run).isEmpty()) {
      long t = System.nanoTime();
      run.vector = embedder.embed(List.of(q.text())).getFirst();
      timer.record("embed", System.nanoTime() - t);
      startAll(Signal.Stage.VECTOR, run, running);
    }
    running.forEach((signal, list) -> run.lists.put(signal, join(list)));
    for (Signal.Stage stage :
        List.of(Signal.Stage.GRAPH, Signal.Stage.REORDER, Signal.Stage.EVIDENCE)) {
      for (Signal signal : wanted(stage, run)) {
        long t = System.nanoTime();
        List<SearchHit> hits = signal.list(run);
        timer.record(signal.wire(), System.nanoTime() - t);
        if (hits != null) {
          run.lists.put(signal, hits);
        }
      }
    }
    if (settings.evidence().foldSources()) {
      return new RecallResult(
          SourcePairs.fold(fusion.fuse(run.lists, Integer.MAX_VALUE), q.k()),
          run.skipped,
          run.floor);
    }
    return new RecallResult(fusion.fuse(run.lists, q.k()), run.skipped, run.floor);
  }

  /** The signals of {@code stage} that are on and can have a list in this recall. */
  private List<Signal> wanted(Signal.Stage stage, RecallRun run) {
    return Arrays.stream(Signal.values())
        .filter(s -> s.stage() == stage && s.wanted(settings) && s.applies(run))
        .toList();
  }

  private void startAll(
      Signal.Stage stage, RecallRun run, Map<Signal, CompletableFuture<List<SearchHit>>> running) {
    for (Signal signal : wanted(stage, run)) {
      running.put(
          signal,
          CompletableFuture.supplyAsync(
              () -> {
                long t = System.nanoTime();
                List<SearchHit> hits = signal.list(run);
                timer.record(signal.wire(), System.nanoTime() - t);
                return hits;
              },
              searches));
    }
  }

  /** A list's result; a search that failed fails the recall with its own error, as before. */
  static <T> T join(CompletableFuture<T> list) {
    try {
      return list.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  private CompletableFuture<List<GraphNeighbours.Item>> startGraph(RecallQuery q) {
    if (graph == null || !Signal.GRAPH.wanted(settings)) {
      return null;
    }
    return graph.neighbours(
        new GraphNeighbours.Query(
            q.tenant(),
            q.agent(),
            q.chat(),
            q.text(),
            List.of(),
            settings.graph().maxHops(),
            settings.graph().limit(),
            q.filters().asOf(),
            q.mode()));
  }
}
