package dev.engram.capture.learn;

import dev.engram.capture.extract.Finding;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.common.Sha256;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * A finding without a triple. Dedup: the same text, else the memory recall-service judged the same
 * (or, when it could not answer, a lexical Jaccard match) is touched instead of inserting. A
 * correction supersedes the memory it corrects.
 */
@ApplicationScoped
class PlainFindings {

  private final FindingMemories memories;
  private final Candidates candidates;

  PlainFindings(FindingMemories memories, Candidates candidates) {
    this.memories = memories;
    this.candidates = candidates;
  }

  Uni<Void> write(
      WriteScope scope, Finding f, String text, Optional<List<Long>> semantic, Tally tally) {
    String sha = Sha256.hex(text);
    return candidates
        .sameText(scope, sha)
        .chain(
            exact -> {
              if (exact != null) {
                tally.touched++;
                return memories.touch(scope, exact, f).replaceWithVoid();
              }
              Uni<Memory> match =
                  semantic.isPresent()
                      ? candidates
                          .active(scope.tenant(), semantic.get())
                          .map(l -> l.isEmpty() ? null : l.getFirst())
                      : candidates.lexicalMatch(scope, text);
              return match.chain(
                  repeat -> {
                    if (repeat != null) {
                      tally.touched++;
                      return memories.touch(scope, repeat, f).replaceWithVoid();
                    }
                    Uni<Memory> corrected =
                        f.correction()
                            ? candidates.corrected(scope, text)
                            : Uni.createFrom().nullItem();
                    return corrected.chain(old -> insert(scope, f, text, old, tally));
                  });
            });
  }

  private Uni<Void> insert(WriteScope scope, Finding f, String text, Memory old, Tally tally) {
    Memory fresh = memories.draft(scope, f, text, MemoryStatus.ACTIVE, null);
    if (old != null) {
      fresh.supersedes = old.id;
    }
    return memories
        .insert(scope, fresh)
        .chain(
            () ->
                old == null
                    ? Uni.createFrom().item(0)
                    : memories.supersede(
                        scope, List.of(old), fresh, "superseded: corrected by a later statement"))
        .invoke(count -> tally.countInserted(fresh.id, count))
        .replaceWithVoid();
  }
}
