package dev.engram.capture.learn;

import dev.engram.capture.client.SimilarMemories;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Finding;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Asks recall-service, before the write transaction opens, which existing memories each finding
 * repeats (cosine at or above the threshold). A finding with a fact is deduplicated by its triple
 * instead; a quarantined one is never compared. Absent from the result: recall-service could not
 * say, and the writer falls back to lexical dedup.
 */
@ApplicationScoped
public class SemanticDedup {

  private final SimilarMemories similar;
  private final double threshold;

  SemanticDedup(SimilarMemories similar, CaptureConfig config) {
    this.similar = similar;
    this.threshold = config.dedup().semanticThreshold();
  }

  /** Per finding index: the ids recall-service judged the same, when it could answer. */
  public Uni<Map<Integer, List<Long>>> nearest(WriteScope scope, List<Finding> findings) {
    Map<Integer, List<Long>> result = new HashMap<>();
    return Multi.createFrom()
        .range(0, findings.size())
        .filter(i -> findings.get(i).fact() == null && findings.get(i).quarantine() == null)
        .onItem()
        .transformToUniAndConcatenate(
            i ->
                similar
                    .nearest(
                        scope.tenant(),
                        scope.agent(),
                        scope.chat(),
                        findings.get(i).text(),
                        3,
                        threshold)
                    .invoke(
                        items ->
                            items.ifPresent(
                                list ->
                                    result.put(
                                        i,
                                        list.stream()
                                            .filter(item -> item.score() >= threshold)
                                            .map(SimilarMemories.Item::id)
                                            .toList())))
                    .map(Optional::isPresent))
        .collect()
        .asList()
        .replaceWith(result);
  }
}
