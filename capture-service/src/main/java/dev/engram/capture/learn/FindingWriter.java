package dev.engram.capture.learn;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.fact.FactStatus;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryStatus;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns findings into memories and facts inside the caller's transaction, one at a time and in
 * order. The poisoning gate comes first (a hit is stored QUARANTINED, its fact too); then a finding
 * with a triple goes to {@link FactFindings}, one without to {@link PlainFindings}, which dedup
 * (touch instead of insert) and supersede. Never a silent overwrite, never a delete.
 */
@ApplicationScoped
public class FindingWriter {

  private final PoisoningGate gate;
  private final FindingMemories memories;
  private final FactFindings withFact;
  private final PlainFindings plain;
  private final int maxChars;

  FindingWriter(
      PoisoningGate gate,
      FindingMemories memories,
      FactFindings withFact,
      PlainFindings plain,
      CaptureConfig config) {
    this.gate = gate;
    this.memories = memories;
    this.withFact = withFact;
    this.plain = plain;
    this.maxChars = config.limits().maxMemoryChars();
  }

  /**
   * Writes findings; {@code semantic} holds, per finding index, the ids recall-service judged the
   * same (absent: it could not say).
   */
  public Uni<Tally> write(
      WriteScope scope, List<Finding> findings, Map<Integer, List<Long>> semantic) {
    Tally tally = new Tally();
    return Multi.createFrom()
        .range(0, findings.size())
        .onItem()
        .transformToUniAndConcatenate(
            i -> one(scope, findings.get(i), Optional.ofNullable(semantic.get(i)), tally))
        .collect()
        .last()
        .replaceWith(tally);
  }

  private Uni<Void> one(WriteScope scope, Finding f, Optional<List<Long>> semantic, Tally tally) {
    tally.extracted++;
    String text = f.text().length() > maxChars ? f.text().substring(0, maxChars) : f.text();
    String reason =
        f.quarantine() != null
            ? "source exchange quarantined: " + f.quarantine()
            : gate.check("memory", text).orElse(null);
    if (reason != null) {
      return quarantined(scope, f, text, reason, tally);
    }
    return f.fact() != null
        ? withFact.write(scope, f, text, tally)
        : plain.write(scope, f, text, semantic, tally);
  }

  /** Stored, never deduplicated against or superseding anything; its fact is quarantined too. */
  private Uni<Void> quarantined(
      WriteScope scope, Finding f, String text, String reason, Tally tally) {
    Memory m = memories.draft(scope, f, text, MemoryStatus.QUARANTINED, reason);
    return memories
        .insert(scope, m)
        .chain(
            () ->
                f.fact() == null
                    ? Uni.createFrom().voidItem()
                    : withFact.insertFact(scope, m, f, FactStatus.QUARANTINED).replaceWithVoid())
        .invoke(
            () -> {
              tally.quarantined++;
              tally.memoryIds.add(m.id);
            });
  }
}
