package dev.engram.capture.exchange;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.ExplicitRemember;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.learn.FindingWriter;
import dev.engram.capture.learn.WriteScope;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Explicit remember at ingest, in the append's own transaction: no waiting for the Reflector. The
 * memory is written like any extracted one (gate, dedup, supersession) except that dedup is lexical
 * only: a remote call has no place inside the append's transaction.
 */
@ApplicationScoped
class ExplicitMemories {

  static final String SOURCE = "remember";

  private final ExplicitRemember remember;
  private final FindingWriter writer;
  private final double confidence;

  ExplicitMemories(ExplicitRemember remember, FindingWriter writer, CaptureConfig config) {
    this.remember = remember;
    this.writer = writer;
    this.confidence = config.remember().confidence();
  }

  /** The memory ids created per exchange id. */
  Uni<Map<Long, List<Long>>> from(Caller caller, List<Exchange> rows) {
    Map<Long, List<Long>> created = new HashMap<>();
    return Multi.createFrom()
        .iterable(rows)
        .onItem()
        .transformToUniAndConcatenate(
            row -> {
              List<Finding> findings = remember.findings(row.statement(), confidence);
              if (findings.isEmpty()) {
                return Uni.createFrom().voidItem();
              }
              WriteScope scope =
                  new WriteScope(
                      row.tenant,
                      row.agent,
                      row.chat,
                      row.thread,
                      row.session,
                      MemoryScope.CHAT,
                      SOURCE,
                      caller,
                      row.mode);
              return writer
                  .write(scope, findings, Map.of())
                  .invoke(tally -> created.put(row.id, List.copyOf(tally.memoryIds)))
                  .replaceWithVoid();
            })
        .collect()
        .last()
        .replaceWith(created);
  }
}
