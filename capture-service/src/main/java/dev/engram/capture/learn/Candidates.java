package dev.engram.capture.learn;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryStatus;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** The existing memories a finding may repeat or correct, within what its scope can see. */
@ApplicationScoped
class Candidates {

  private final Lexical lexical;
  private final double jaccard;
  private final double correction;
  private final int limit;

  Candidates(Lexical lexical, CaptureConfig config) {
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
    return Memory.<Memory>list(
            "tenant = ?1 and status = ?2 and id in ?3", tenant, MemoryStatus.ACTIVE, ids)
        .map(
            rows -> rows.stream().sorted(Comparator.comparingInt(m -> ids.indexOf(m.id))).toList());
  }

  /** An ACTIVE memory of the chat or agent with exactly this text, or null. */
  Uni<Memory> sameText(WriteScope scope, String sha) {
    Parameters params = params(scope).and("sha", sha);
    return Memory.<Memory>find(
            "tenant = :tenant and status = :status and contentSha256 = :sha" + visible(scope),
            Sort.descending("lastSeenAt"),
            params)
        .firstResult();
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
    return Memory.<Memory>find(
            "tenant = :tenant and status = :status" + visible(scope),
            Sort.descending("lastSeenAt"),
            params(scope))
        .page(0, limit)
        .list()
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

  private static Parameters params(WriteScope scope) {
    Parameters p = Parameters.with("tenant", scope.tenant()).and("status", MemoryStatus.ACTIVE);
    if (scope.agent() != null) {
      p.and("agent", scope.agent());
    }
    if (scope.chat() != null) {
      p.and("chat", scope.chat());
    }
    return p;
  }

  /** The chat's memories and the agent's own (AGENT scope). */
  private static String visible(WriteScope scope) {
    if (scope.agent() == null) {
      return " and agent is null";
    }
    return scope.chat() == null
        ? " and agent = :agent and chat is null"
        : " and agent = :agent and (chat = :chat or chat is null)";
  }
}
