package dev.engram.capture.reflector;

import dev.engram.capture.CaptureError;
import dev.engram.capture.background.SafeContext;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Extractor;
import dev.engram.capture.summary.Summaries;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * The Reflector: per tenant, per chat with queued exchanges, batch after batch ({@link
 * ChatBatches}), then the summaries ({@link Summaries}), then the lifecycle pass ({@link
 * Lifecycle}); one run record per tenant. One run at a time per process; across replicas, chats are
 * locked per batch.
 */
@ApplicationScoped
public class Reflector {

  private static final Logger LOG = Logger.getLogger(Reflector.class);

  private final ChatBatches batches;
  private final ReflectorQueries queries;
  private final Lifecycle lifecycle;
  private final Summaries summaries;
  private final Extractors extractors;
  private final ReflectorMetrics metrics;
  private final CaptureConfig.Reflector config;
  private final AtomicBoolean running = new AtomicBoolean();
  private final Vertx vertx;

  Reflector(
      ChatBatches batches,
      ReflectorQueries queries,
      Lifecycle lifecycle,
      Summaries summaries,
      Extractors extractors,
      ReflectorMetrics metrics,
      CaptureConfig config,
      Vertx vertx) {
    this.vertx = vertx;
    this.batches = batches;
    this.queries = queries;
    this.lifecycle = lifecycle;
    this.summaries = summaries;
    this.extractors = extractors;
    this.metrics = metrics;
    this.config = config.reflector();
  }

  /** Which chats a run covers: a whole tenant (agent and chat null) or one chat. */
  record Scope(String tenant, String agent, String chat) {}

  /**
   * Runs now: over the given tenant (or every tenant with queued exchanges when null). Fails with
   * reflector_busy when a run is already going in this process.
   */
  Uni<List<ReflectorRun>> run(ReflectorRun.Trigger trigger, Scope scope) {
    if (!running.compareAndSet(false, true)) {
      return Uni.createFrom()
          .failure(
              new EngramException(
                  CaptureError.REFLECTOR_BUSY,
                  "A Reflector run is in progress; try again shortly"));
    }
    return claimed(trigger, scope);
  }

  /**
   * Starts a run over one chat in the background and returns at once: true if it started, false if
   * a run is going in this process already (that run or the next one reads the chat's queue). The
   * per-chat claims of {@link ChatBatches} keep it from racing a run of another replica.
   */
  public boolean startChat(ReflectorRun.Trigger trigger, String tenant, String agent, String chat) {
    if (!running.compareAndSet(false, true)) {
      return false;
    }
    SafeContext.run(vertx, () -> claimed(trigger, new Scope(tenant, agent, chat)))
        .subscribe()
        .with(
            runs -> LOG.debugf("%s Reflector run over %s/%s/%s done", trigger, tenant, agent, chat),
            failure ->
                LOG.warnf(
                    failure,
                    "%s Reflector run over %s/%s/%s failed",
                    trigger,
                    tenant,
                    agent,
                    chat));
    return true;
  }

  /** A run once this process's run flag is held; releases it at the end. */
  private Uni<List<ReflectorRun>> claimed(ReflectorRun.Trigger trigger, Scope scope) {
    Uni<List<String>> tenants =
        scope != null && scope.tenant() != null
            ? Uni.createFrom().item(List.of(scope.tenant()))
            : Panache.withSession(queries::tenantsWithQueue);
    return tenants
        .chain(
            list ->
                Multi.createFrom()
                    .iterable(list)
                    .onItem()
                    .transformToUniAndConcatenate(
                        tenant ->
                            runTenant(
                                trigger,
                                scope == null
                                    ? new Scope(tenant, null, null)
                                    : new Scope(tenant, scope.agent(), scope.chat())))
                    .collect()
                    .asList())
        .eventually(() -> running.set(false));
  }

  boolean running() {
    return running.get();
  }

  private Uni<ReflectorRun> runTenant(ReflectorRun.Trigger trigger, Scope scope) {
    Extractor extractor = extractors.current();
    Instant started = Instant.now();
    return Panache.withTransaction(
            () -> {
              ReflectorRun run = new ReflectorRun();
              run.tenant = scope.tenant();
              run.trigger = trigger;
              run.status = ReflectorRun.Status.RUNNING;
              run.extractor = extractor.name() + "@" + extractor.version();
              run.startedAt = started;
              return run.persist().replaceWith(run);
            })
        .chain(run -> chats(scope).chain(chats -> reflect(run, scope, chats, extractor)))
        .call(run -> summarize(run, scope))
        .chain(
            run ->
                lifecycle
                    .apply(scope.tenant())
                    .invoke(
                        changes -> {
                          run.decayed = changes.decayed();
                          run.archived = changes.archived();
                          metrics.lifecycle(changes.decayed(), changes.archived());
                        })
                    .onFailure()
                    .recoverWithItem(
                        failure -> {
                          LOG.warnf(
                              failure, "Lifecycle pass over tenant %s failed", scope.tenant());
                          run.error = "lifecycle: " + failure.getMessage();
                          return null;
                        })
                    .replaceWith(run))
        .chain(run -> finish(run, started));
  }

  /** The summary DAG of the scope after its batches; a failure is the run's error, not fatal. */
  private Uni<Integer> summarize(ReflectorRun run, Scope scope) {
    return summaries
        .run(scope.tenant(), scope.agent(), scope.chat())
        .invoke(n -> LOG.debugf("%d summaries written for tenant %s", n, scope.tenant()))
        .onFailure()
        .recoverWithItem(
            failure -> {
              LOG.warnf(failure, "Summaries of tenant %s failed", scope.tenant());
              run.error = truncate("summaries: " + failure.getMessage());
              return 0;
            });
  }

  /** The chats of the scope with queued exchanges, those waiting longest first. */
  private Uni<List<ReflectorQueries.QueuedChat>> chats(Scope scope) {
    return Panache.withSession(
        () ->
            queries.queuedChats(
                scope.tenant(), scope.agent(), scope.chat(), config.maxChatsPerRun()));
  }

  private Uni<ReflectorRun> reflect(
      ReflectorRun run, Scope scope, List<ReflectorQueries.QueuedChat> chats, Extractor extractor) {
    return Multi.createFrom()
        .iterable(chats)
        .onItem()
        .transformToUniAndConcatenate(
            chat -> {
              run.chats++;
              return chat(run, scope.tenant(), chat.agent(), chat.chat(), extractor);
            })
        .collect()
        .last()
        .replaceWith(run);
  }

  /** Batches of one chat until its queue is empty, a batch fails, or the chat's quota is used. */
  private Uni<Void> chat(
      ReflectorRun run, String tenant, String agent, String chat, Extractor extractor) {
    return Multi.createBy()
        .repeating()
        .uni(
            () ->
                batches
                    .next(tenant, agent, chat, extractor)
                    .invoke(result -> count(run, result))
                    .onFailure()
                    .recoverWithItem(
                        failure -> {
                          if (failure instanceof ChatBatches.AlreadyClaimed) {
                            return new ChatBatches.Result(
                                0, new dev.engram.capture.learn.Tally(), 0);
                          }
                          run.failedBatches++;
                          run.error = truncate(agent + "/" + chat + ": " + failure);
                          LOG.warnf(
                              failure, "Reflector batch of %s/%s/%s failed", tenant, agent, chat);
                          return new ChatBatches.Result(0, new dev.engram.capture.learn.Tally(), 0);
                        }))
        .whilst(result -> result.read() > 0)
        .select()
        .first(config.maxBatchesPerChat())
        .collect()
        .last()
        .replaceWithVoid();
  }

  private void count(ReflectorRun run, ChatBatches.Result result) {
    run.exchangesRead += result.read();
    run.extracted += result.tally().extracted;
    run.inserted += result.tally().inserted;
    run.touched += result.tally().touched;
    run.superseded += result.tally().superseded;
    run.quarantined += result.tally().quarantined;
    run.skipped += result.skipped() + result.tally().skipped;
    metrics.batch(result.read(), result.tally(), result.skipped());
  }

  private Uni<ReflectorRun> finish(ReflectorRun run, Instant started) {
    run.finishedAt = Instant.now();
    run.status =
        run.failedBatches == 0
            ? ReflectorRun.Status.SUCCEEDED
            : run.exchangesRead > 0 ? ReflectorRun.Status.PARTIAL : ReflectorRun.Status.FAILED;
    metrics.finished(run, Duration.between(started, run.finishedAt));
    return Panache.withTransaction(() -> Panache.getSession().chain(s -> s.merge(run)));
  }

  private static String truncate(String s) {
    return s.length() > 1000 ? s.substring(0, 1000) : s;
  }
}
