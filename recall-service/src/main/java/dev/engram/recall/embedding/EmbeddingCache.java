package dev.engram.recall.embedding;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.engram.common.Sha256;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Vectors already computed, keyed by model id and the SHA-256 of the text (the key never holds the
 * text itself), bounded by entry count with Caffeine's frequency-aware eviction. A repeated query
 * or a reindex of unchanged texts then costs no model call. Cached arrays are shared: callers must
 * not modify them.
 */
final class EmbeddingCache {

  private final Cache<String, float[]> cache;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  EmbeddingCache(int maxEntries) {
    this.cache = maxEntries == 0 ? null : Caffeine.newBuilder().maximumSize(maxEntries).build();
  }

  /** One vector per text, from the cache where possible; the misses go to {@code model} at once. */
  List<float[]> embed(Embedder model, List<String> texts) {
    if (cache == null) {
      misses.add(texts.size());
      return model.embed(texts);
    }
    float[][] out = new float[texts.size()][];
    Map<String, List<Integer>> missing = new LinkedHashMap<>(); // key -> positions
    List<String> missingTexts = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      String key = model.modelId() + ':' + Sha256.hex(texts.get(i));
      float[] cached = cache.getIfPresent(key);
      if (cached != null) {
        out[i] = cached;
        hits.increment();
        continue;
      }
      misses.increment();
      List<Integer> positions = missing.get(key);
      if (positions == null) {
        missing.put(key, positions = new ArrayList<>(1));
        missingTexts.add(texts.get(i));
      }
      positions.add(i);
    }
    if (!missingTexts.isEmpty()) {
      List<float[]> computed = model.embed(missingTexts);
      int j = 0;
      for (Map.Entry<String, List<Integer>> e : missing.entrySet()) {
        float[] vector = computed.get(j++);
        cache.put(e.getKey(), vector);
        e.getValue().forEach(i -> out[i] = vector);
      }
    }
    return List.of(out);
  }

  long hits() {
    return hits.sum();
  }

  long misses() {
    return misses.sum();
  }

  /** Share of lookups answered from the cache so far (NaN before the first). */
  double hitRatio() {
    long h = hits.sum();
    long total = h + misses.sum();
    return total == 0 ? Double.NaN : (double) h / total;
  }
}
