package dev.engram.recall.recall;

import dev.engram.common.error.EngramException;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Hybrid recall: the query is embedded, the dense and the BM25 lists are searched within what the
 * caller may see, and the lists are fused by weighted reciprocal rank fusion.
 */
@ApplicationScoped
@Startup // registers its timer before the first scrape
class RecallService {

  private final IndexStore store;
  private final Embedder embedder;
  private final RecallConfig config;
  private final ReciprocalRankFusion fusion;
  private final Timer latency;

  RecallService(IndexStore store, Embedder embedder, RecallConfig config, MeterRegistry registry) {
    this.store = store;
    this.embedder = embedder;
    this.config = config;
    Map<Signal, Double> weights = new EnumMap<>(Signal.class);
    weights.put(Signal.SEMANTIC, config.weights().semantic());
    weights.put(Signal.KEYWORD, config.weights().keyword());
    this.fusion = new ReciprocalRankFusion(config.rrfK(), weights);
    this.latency =
        Timer.builder("engram.recall.latency")
            .description("Time to answer a recall (embedding, both searches, fusion)")
            .register(registry);
  }

  RecallResponse recall(String tenant, RecallRequest request) {
    check(request);
    long start = System.nanoTime();
    Visibility visibility =
        new Visibility(
            tenant, request.agent(), request.chat(), request.kindsOrDefault(), Instant.now());
    float[] vector = embedder.embed(List.of(request.query())).getFirst();
    int candidates = Math.max(config.candidates(), request.kOrDefault());
    Map<Signal, List<SearchHit>> lists = new EnumMap<>(Signal.class);
    lists.put(Signal.SEMANTIC, store.dense(vector, visibility, candidates));
    lists.put(Signal.KEYWORD, store.keyword(request.query(), visibility, candidates));
    List<RecallResponse.Item> items =
        fusion.fuse(lists, request.kOrDefault()).stream().map(RecallService::item).toList();
    long nanos = System.nanoTime() - start;
    latency.record(nanos, TimeUnit.NANOSECONDS);
    return new RecallResponse(items, nanos / 1_000_000);
  }

  private void check(RecallRequest request) {
    if (request.kOrDefault() > config.maxK()) {
      throw EngramException.invalid("k", "Max", "must be less than or equal to " + config.maxK());
    }
    int bytes = request.query().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > config.maxTextBytes()) {
      throw EngramException.invalid(
          "query", "max_bytes", "is " + bytes + " bytes; at most " + config.maxTextBytes());
    }
  }

  private static RecallResponse.Item item(FusedHit hit) {
    var d = hit.document();
    Map<String, RecallResponse.SignalScore> signals = new LinkedHashMap<>();
    hit.signals()
        .forEach(
            (signal, found) ->
                signals.put(
                    signal.wire(), new RecallResponse.SignalScore(found.rank(), found.score())));
    return new RecallResponse.Item(
        d.id(),
        d.kind(),
        d.text(),
        hit.score(),
        d.createdAt(),
        d.agent(),
        d.chat(),
        d.thread(),
        d.scope(),
        d.category(),
        d.speaker(),
        d.confidence(),
        d.metadata(),
        signals);
  }
}
