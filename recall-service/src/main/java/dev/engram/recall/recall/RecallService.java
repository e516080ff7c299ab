package dev.engram.recall.recall;

import dev.engram.common.error.EngramException;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.EmbeddingModel;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.share.FairShare;
import dev.engram.recall.usage.SurfacedLog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Recall for the REST API and for context assembly: checks a request, runs {@link HybridRecall}
 * with the configured settings, records its meters (latency per stage, graph skips).
 */
@ApplicationScoped
@Startup // registers its meters before the first scrape
public class RecallService {

  private final RecallConfig config;
  private final HybridRecall engine;
  private final Timer latency;
  private final ThreadPoolExecutor searches;
  private final SurfacedLog usage;

  RecallService(
      IndexStore store,
      EmbeddingModel embedder,
      GraphNeighbours graph,
      RecallConfig config,
      MeterRegistry registry,
      SurfacedLog usage) {
    this.config = config;
    this.usage = usage;
    this.searches = searchExecutor(config.searchThreads());
    this.engine =
        new HybridRecall(
            store,
            embedder,
            graph,
            RecallSettings.of(config, embedder.semanticFloor()),
            meters(registry),
            lists(searches));
    this.latency =
        Timer.builder("engram.recall.latency")
            .description("Time to answer a recall (embedding, every signal, fusion)")
            .register(registry);
  }

  /**
   * A bounded pool for the index lists of recalls (never the event loop: recall is a blocking
   * endpoint). When it is busy, the recall's own thread runs the list, so load slows recalls down
   * instead of failing them.
   */
  private static ThreadPoolExecutor searchExecutor(int threads) {
    AtomicInteger count = new AtomicInteger();
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            30,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(threads * 4),
            r -> {
              Thread t = new Thread(r, "recall-search-" + count.incrementAndGet());
              t.setDaemon(true);
              return t;
            },
            new ThreadPoolExecutor.CallerRunsPolicy());
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /**
   * Where a recall's index lists run: the shared pool, or the recall's own thread when its key has
   * more calls waiting ({@link FairShare#crowded()}), so a flooding key takes no more cores than
   * its turns and the pool stays free for other keys.
   */
  private static Executor lists(ThreadPoolExecutor pool) {
    return task -> {
      if (FairShare.crowded()) {
        task.run();
      } else {
        pool.execute(task);
      }
    };
  }

  @PreDestroy
  void close() {
    searches.shutdown();
  }

  private static HybridRecall.StageTimer meters(MeterRegistry registry) {
    Map<String, Timer> timers = new ConcurrentHashMap<>();
    Map<String, Counter> skips = new ConcurrentHashMap<>();
    timers.put("embed", stage(registry, "embed"));
    for (Signal s : Signal.values()) {
      timers.put(s.wire(), stage(registry, s.wire()));
    }
    for (String kind : List.of("timeout", "unavailable", "error")) {
      skips.put(kind, skipCounter(registry, kind));
    }
    return new HybridRecall.StageTimer() {
      @Override
      public void record(String stage, long nanos) {
        timers.computeIfAbsent(stage, s -> stage(registry, s)).record(nanos, TimeUnit.NANOSECONDS);
      }

      @Override
      public void skipped(Signal signal, String kind) {
        skips.computeIfAbsent(kind, k -> skipCounter(registry, k)).increment();
      }
    };
  }

  private static Timer stage(MeterRegistry registry, String stage) {
    return Timer.builder("engram.recall.signal.latency")
        .description("Time of one recall stage: the query embedding or one signal's list")
        .tag("stage", stage)
        .register(registry);
  }

  private static Counter skipCounter(MeterRegistry registry, String reason) {
    return Counter.builder("engram.recall.graph.skipped")
        .description("Recalls whose graph signal was skipped (graph-service late, down or failing)")
        .tag("reason", reason)
        .register(registry);
  }

  /** A recall as {@code POST /v1/recall} answers it (also for the MCP tool {@code recall}). */
  public RecallResponse recall(String tenant, RecallRequest request) {
    long start = System.nanoTime();
    RecallResult result = recall(query(tenant, request));
    usage.surfaced(tenant, result.hits().stream().map(FusedHit::document).toList(), false);
    List<RecallResponse.Item> items = result.hits().stream().map(RecallService::item).toList();
    return new RecallResponse(
        items, result.skipped(), result.semanticFloor(), (System.nanoTime() - start) / 1_000_000);
  }

  /** Runs one recall (also for context assembly), timed. */
  public RecallResult recall(RecallQuery query) {
    long start = System.nanoTime();
    try {
      return engine.recall(query, Instant.now());
    } finally {
      latency.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }
  }

  private RecallQuery query(String tenant, RecallRequest r) {
    if (r.kOrDefault() > config.maxK()) {
      throw EngramException.invalid("k", "Max", "must be less than or equal to " + config.maxK());
    }
    int bytes = r.query().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > config.maxTextBytes()) {
      throw EngramException.invalid(
          "query", "max_bytes", "is " + bytes + " bytes; at most " + config.maxTextBytes());
    }
    var range = r.timeRange();
    if (range != null
        && range.from() != null
        && range.to() != null
        && !range.from().isBefore(range.to())) {
      throw EngramException.invalid("time_range", "order", "from must be before to");
    }
    Set<String> categories =
        r.categories() == null
            ? null
            : r.categories().stream()
                .map(c -> c.toUpperCase(Locale.ROOT))
                .collect(Collectors.toSet());
    var filters =
        Filters.builder()
            .categories(categories)
            .minConfidence(r.minConfidence())
            .includeArchived(Boolean.TRUE.equals(r.includeArchived()))
            .created(range == null ? null : range.from(), range == null ? null : range.to())
            .speakers(r.speakers())
            .asOf(r.asOf())
            .build();
    return new RecallQuery(
        tenant,
        r.agent(),
        r.chat(),
        r.thread(),
        r.query(),
        r.kOrDefault(),
        r.kindsOrDefault(),
        filters,
        r.mode());
  }

  private static RecallResponse.Item item(FusedHit hit) {
    var d = hit.document();
    Map<String, RecallResponse.SignalScore> signals = new LinkedHashMap<>();
    hit.signals()
        .forEach(
            (signal, found) ->
                signals.put(
                    signal.wire(), new RecallResponse.SignalScore(found.rank(), found.score())));
    return new RecallResponse.Item(d, hit.score(), signals);
  }
}
