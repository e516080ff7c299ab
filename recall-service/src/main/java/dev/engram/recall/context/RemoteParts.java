package dev.engram.recall.context;

import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.recall.ProperNouns;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

/**
 * The parts of a context block other services hold, asked for at the start of a context and awaited
 * late, each with its own deadline and, failed or late, its own entry in the answer's skipped list:
 * slots, recent turns and canonical ids from capture-service in one request; the current facts and
 * the beliefs about the entities in play from graph-service in one request, as soon as the turns
 * name the chat's people.
 */
@ApplicationScoped
class RemoteParts {

  /** Proper nouns of the recent turns sent to the graph besides the people. */
  private static final int TURN_ENTITIES = 10;

  private final CaptureParts capture;
  private final FactSource facts;
  private final BeliefSource beliefs;
  private final UncertainBeliefs uncertain;
  private final ContextConfig context;
  private final ContextMetrics metrics;

  RemoteParts(
      CaptureParts capture,
      FactSource facts,
      BeliefSource beliefs,
      UncertainBeliefs uncertain,
      ContextConfig context,
      ContextMetrics metrics) {
    this.capture = capture;
    this.facts = facts;
    this.beliefs = beliefs;
    this.uncertain = uncertain;
    this.context = context;
    this.metrics = metrics;
  }

  /** What other services are asked for one block, each part with its own deadline. */
  record Pending(
      CompletableFuture<List<SlotSource.Slot>> slots,
      CompletableFuture<List<TurnSource.Turn>> turns,
      CompletableFuture<List<Long>> canonical,
      CompletableFuture<FactSource.Facts> facts,
      CompletableFuture<List<BeliefSource.Belief>> beliefs) {}

  /**
   * Starts the other services' parts: slots, turns and canonical ids in one request to
   * capture-service (each part keeps its own deadline and, failed or late, its own entry in
   * skipped); the facts and beliefs, which need the chat's people, in one request to graph-service
   * as soon as the turns arrive (turns that failed put no one in play), while this thread recalls
   * and reads the index.
   */
  Pending ask(String tenant, ContextRequest r) {
    var c = context;
    int recentTurns = r.recentTurns() == null ? c.recentTurns() : r.recentTurns();
    boolean turnsAsked = r.chat() != null && recentTurns != 0;
    CaptureParts.Pending parts =
        capture.ask(
            tenant,
            r.agent(),
            r.chat(),
            r.session(),
            r.thread(),
            r.mode(),
            turnsAsked ? recentTurns : 0);
    CompletableFuture<List<TurnSource.Turn>> turns =
        turnsAsked
            ? metrics.timed("recent_turns", parts.turns())
            : CompletableFuture.completedFuture(List.of());
    CompletableFuture<List<String>> entities =
        turns
            .exceptionally(failed -> List.of())
            .thenApply(recent -> entities(People.of(recent, r.agent(), c.maxPeople()), recent));
    int beliefsLimit = uncertain.enabled() ? uncertain.limit() : 0;
    CompletableFuture<FactSource.Found> graph =
        entities.thenCompose(
            names -> {
              if (!asked(names, r)) {
                return CompletableFuture.completedFuture(
                    new FactSource.Found(FactSource.Facts.NONE, List.of()));
              }
              var ask =
                  new FactSource.Ask(
                      tenant,
                      r.agent(),
                      r.chat(),
                      r.mode(),
                      r.query(),
                      names,
                      c.factsLimit(),
                      beliefsLimit);
              return facts.current(ask).thenCompose(found -> withBeliefs(found, ask, beliefsLimit));
            });
    return new Pending(
        metrics.timed("slots", parts.slots()),
        turns,
        metrics.timed("canonical", parts.canonical()),
        metrics.timed("facts", graph.thenApply(FactSource.Found::facts)),
        metrics.timed("beliefs", graph.thenApply(FactSource.Found::beliefs)));
  }

  /**
   * The beliefs came with the facts unless none were asked for, or the graph-service predates them
   * (a rolling upgrade): then they are asked for on their own, as before.
   */
  private CompletableFuture<FactSource.Found> withBeliefs(
      FactSource.Found found, FactSource.Ask ask, int beliefsLimit) {
    if (beliefsLimit == 0 || found.beliefs() != null) {
      return CompletableFuture.completedFuture(
          found.beliefs() == null ? new FactSource.Found(found.facts(), List.of()) : found);
    }
    return beliefs
        .about(ask.tenant(), ask.mode(), ask.text(), ask.entities(), beliefsLimit)
        .thenApply(more -> new FactSource.Found(found.facts(), more))
        .exceptionally(failed -> new FactSource.Found(found.facts(), List.of()));
  }

  /** Whether the graph is asked at all: something is in play, or there is a question. */
  private static boolean asked(List<String> entities, ContextRequest r) {
    return !entities.isEmpty() || (r.query() != null && !r.query().isBlank());
  }

  /** The people first, then the names the recent turns mention. */
  private static List<String> entities(List<String> people, List<TurnSource.Turn> recent) {
    Set<String> names = new LinkedHashSet<>(people);
    String said = String.join("\n", recent.stream().map(TurnSource.Turn::text).toList());
    names.addAll(ProperNouns.in(said, TURN_ENTITIES));
    return List.copyOf(names);
  }

  /** The source's answer, or {@code fallback} with the reason listed in {@code skipped}. */
  static <T> T await(
      CompletableFuture<T> pending,
      String source,
      List<ContextResponse.Skipped> skipped,
      T fallback) {
    try {
      return pending.join();
    } catch (CompletionException e) {
      skipped.add(
          new ContextResponse.Skipped(source, reason(e.getCause() == null ? e : e.getCause())));
      return fallback;
    }
  }

  /**
   * Why a source was skipped, never null: the failure's message, or what kind of failure it was
   * when it has none (a timeout's exception usually carries no message, and the CLI printed
   * "without recent_turns: null").
   */
  static String reason(Throwable failure) {
    String message = failure.getMessage();
    if (message != null && !message.isBlank()) {
      return message;
    }
    if (failure instanceof TimeoutException) {
      return "did not answer in time";
    }
    return "failed (" + failure.getClass().getSimpleName() + ")";
  }
}
