package dev.engram.capture.projection;

import dev.engram.capture.client.GraphOperation;
import dev.engram.capture.evidence.BeliefEvidence;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeStatus;
import dev.engram.capture.fact.Fact;
import dev.engram.capture.fact.FactStatus;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.relation.MemoryRelation;
import java.util.List;
import java.util.Optional;

/**
 * How record rows become graph operations. Quarantined memories and facts become deletes;
 * quarantined exchanges are never sent (the contract has no exchange delete: exchanges are
 * append-only and a quarantined one was never projected).
 */
final class GraphDocuments {

  private GraphDocuments() {}

  static GraphOperation of(Memory m) {
    if (m.status == MemoryStatus.QUARANTINED) {
      return GraphOperation.deleteMemory(m.tenant, m.id);
    }
    List<Long> sources =
        m.provenance == null || m.provenance.exchangeIds() == null
            ? List.of()
            : m.provenance.exchangeIds();
    return GraphOperation.upsert(
        new GraphOperation.Memory(
            m.tenant,
            m.id,
            m.version,
            m.scope == MemoryScope.GLOBAL ? null : m.agent,
            m.scope == MemoryScope.CHAT ? m.chat : null,
            m.thread,
            m.scope.name(),
            m.category.name(),
            m.status.name(),
            m.text,
            m.confidence,
            m.createdAt,
            sources,
            m.mode));
  }

  static Optional<GraphOperation> of(Exchange e) {
    if (e.status == ExchangeStatus.QUARANTINED) {
      return Optional.empty();
    }
    return Optional.of(
        GraphOperation.upsert(
            new GraphOperation.Exchange(
                e.tenant,
                e.id,
                e.version,
                e.agent,
                e.chat,
                e.thread,
                e.speaker,
                e.text,
                e.occurredAt,
                e.mode)));
  }

  static GraphOperation of(Fact f) {
    if (f.status == FactStatus.QUARANTINED) {
      return GraphOperation.deleteFact(f.tenant, f.id);
    }
    return GraphOperation.upsert(
        new GraphOperation.Fact(
            f.tenant,
            f.id,
            f.version,
            f.agent,
            f.chat,
            f.scope.name(),
            f.subject,
            f.predicate,
            f.objectValue,
            f.validFrom,
            f.validTo,
            f.recordedAt,
            f.invalidatedAt,
            f.confidence,
            f.sources(),
            f.status.name()));
  }

  static GraphOperation of(MemoryRelation r) {
    return GraphOperation.upsert(
        new GraphOperation.Relation(
            r.tenant,
            r.id,
            r.version,
            r.fromMemory,
            r.toMemory,
            r.type.name(),
            r.weight,
            r.createdAt));
  }

  static GraphOperation of(BeliefEvidence e) {
    return GraphOperation.evidence(
        new GraphOperation.Evidence(
            e.tenant,
            e.evidenceKey,
            e.statement,
            e.strength,
            e.confidence,
            e.source,
            e.memories(),
            e.recordedAt));
  }
}
