package dev.engram.capture.autorelation;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.evidence.EvidenceLedger;
import dev.engram.capture.evidence.EvidenceSource;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryLinks;
import dev.engram.capture.relation.RelationLedger;
import dev.engram.capture.relation.RelationType;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The relations and evidence a supersede or a repeat implies, written in the same transaction: the
 * successor CONTRADICTS what it replaced and is evidence against its statement; a repeat is
 * evidence for it. Keys are derived from the memories (and the touched version), so a retry records
 * nothing twice.
 */
@ApplicationScoped
class AutoRelations implements MemoryLinks {

  private final RelationLedger relations;
  private final EvidenceLedger evidence;
  private final boolean contradicts;

  AutoRelations(RelationLedger relations, EvidenceLedger evidence, CaptureConfig config) {
    this.relations = relations;
    this.evidence = evidence;
    this.contradicts = config.relations().contradictsEnabled();
  }

  @Override
  public Uni<Void> superseded(Caller caller, Memory old, Memory by) {
    Uni<Boolean> link =
        contradicts
            ? relations.link(caller, by.id, old.id, RelationType.CONTRADICTS, 1.0)
            : Uni.createFrom().item(false);
    return link.chain(
        () ->
            evidence.record(
                new EvidenceLedger.Draft(
                    old.tenant,
                    "m" + old.id + "-corrected-by-m" + by.id,
                    old.id,
                    old.text,
                    EvidenceLedger.AGAINST,
                    by.confidence,
                    EvidenceSource.CORRECTION,
                    List.of(old.id, by.id))));
  }

  @Override
  public Uni<Void> touched(Caller caller, Memory m) {
    return evidence.record(
        new EvidenceLedger.Draft(
            m.tenant,
            "m" + m.id + "-touch-v" + m.version,
            m.id,
            m.text,
            EvidenceLedger.SUPPORT,
            m.confidence,
            EvidenceSource.DEDUP,
            List.of(m.id)));
  }
}
