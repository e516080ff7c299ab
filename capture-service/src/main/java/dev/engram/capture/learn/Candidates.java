package dev.engram.capture.learn;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** The existing memories a finding may repeat or correct, within what its scope can see. */
@ApplicationScoped
class Candidates {

  private final MemoryRepository memories;
  private final Lexical lexical;
  private final double jaccard;
  private final double correction;
  private final int limit;

  Candidates(MemoryRepository memories, Lexical lexical, CaptureConfig config) {
    this.memories = memories;
    this.lexical = lexical;
    this.jaccard = config.dedup().jaccardThreshold();
    this.correction = config.dedup().correctionThreshold();
    this.limit = config.dedup().lexicalCandidates();
  }

  /** The ACTIVE memories among these ids, in the order given. */
  Uni<List<Memory>> active(String tenant, List<Long> ids) {
    if (ids == null || ids.isEmpty()) {
      return Uni.createFrom().item(List.of());
    }
    return memories
        .activeAmong(tenant, ids)
        .map(
            rows -> rows.stream().sorted(Comparator.comparingInt(m -> ids.indexOf(m.id))).toList());
  }

  /** An ACTIVE memory of the chat or agent with exactly this text, or null. */
  Uni<Memory> sameText(WriteScope scope, String sha) {
    return memories.activeWithText(scope.tenant(), scope.agent(), scope.chat(), sha);
  }

  /** The most similar recent memory with Jaccard at or above the dedup threshold, or null. */
  Uni<Memory> lexicalMatch(WriteScope scope, String text) {
    return best(scope, text, jaccard);
  }

  /** The memory a correction most likely corrects (Jaccard at or above its threshold), or null. */
  Uni<Memory> corrected(WriteScope scope, String text) {
    return best(scope, text, correction);
  }

  private Uni<Memory> best(WriteScope scope, String text, double threshold) {
    Set<String> words = lexical.words(text);
    return memories
        .recentActive(scope.tenant(), scope.agent(), scope.chat(), limit)
        .map(
            rows -> {
              Memory best = null;
              double bestScore = threshold;
              for (Memory m : rows) {
                double score = Lexical.jaccard(words, lexical.words(m.text));
                if (score >= bestScore && (best == null || score > bestScore)) {
                  best = m;
                  bestScore = score;
                }
              }
              return best;
            });
  }
}
