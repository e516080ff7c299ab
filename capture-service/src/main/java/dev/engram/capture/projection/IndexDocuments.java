package dev.engram.capture.projection;

import dev.engram.capture.client.IndexOperation;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeStatus;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import java.util.List;

/**
 * How record rows become index documents. Quarantined rows are never indexed (a delete instead).
 */
final class IndexDocuments {

  static final String MEMORY = "memory";
  static final String EXCHANGE = "exchange";

  private IndexDocuments() {}

  static IndexOperation of(Memory m) {
    if (m.status == MemoryStatus.QUARANTINED) {
      return IndexOperation.delete(m.tenant, MEMORY, m.id, m.version);
    }
    boolean global = m.scope == MemoryScope.GLOBAL;
    List<Long> sources =
        m.provenance == null || m.provenance.exchangeIds() == null
            ? List.of()
            : m.provenance.exchangeIds();
    return IndexOperation.upsert(
        new IndexDocument(
            m.tenant,
            DocKind.MEMORY,
            m.id,
            m.version,
            global ? null : m.agent,
            m.scope == MemoryScope.CHAT ? m.chat : null,
            m.thread,
            m.session,
            Scope.valueOf(m.scope.name()),
            m.category.name(),
            Status.valueOf(m.status.name()),
            null,
            null,
            m.text,
            m.confidence,
            m.createdAt,
            m.expiresAt,
            m.archivedAt,
            m.supersededAt,
            m.source,
            sources,
            m.metadata,
            m.mode));
  }

  static IndexOperation of(Exchange e) {
    if (e.status == ExchangeStatus.QUARANTINED) {
      return IndexOperation.delete(e.tenant, EXCHANGE, e.id, e.version);
    }
    return IndexOperation.upsert(
        new IndexDocument(
            e.tenant,
            DocKind.EXCHANGE,
            e.id,
            e.version,
            e.agent,
            e.chat,
            e.thread,
            e.session,
            Scope.CHAT,
            null,
            Status.ACTIVE,
            e.speaker,
            e.role,
            e.text,
            null,
            e.occurredAt,
            null,
            null,
            null,
            null,
            List.of(),
            e.metadata,
            e.mode));
  }
}
