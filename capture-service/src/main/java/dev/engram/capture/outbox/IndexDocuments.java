package dev.engram.capture.outbox;

import dev.engram.capture.client.IndexDocument;
import dev.engram.capture.client.IndexOperation;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryScope;
import dev.engram.capture.memory.MemoryStatus;

/** How record rows become index documents. Quarantined memories are never indexed. */
final class IndexDocuments {

  static final String MEMORY = "memory";
  static final String EXCHANGE = "exchange";

  private IndexDocuments() {}

  static IndexOperation of(Memory m) {
    if (m.status == MemoryStatus.QUARANTINED) {
      return IndexOperation.delete(m.tenant, MEMORY, m.id, m.version);
    }
    boolean global = m.scope == MemoryScope.GLOBAL;
    return IndexOperation.upsert(
        new IndexDocument(
            m.tenant,
            MEMORY,
            m.id,
            m.version,
            global ? null : m.agent,
            m.scope == MemoryScope.CHAT ? m.chat : null,
            m.thread,
            m.session,
            m.scope.name(),
            m.category.name(),
            m.status.name(),
            null,
            null,
            m.text,
            m.confidence,
            m.createdAt,
            m.expiresAt,
            m.metadata));
  }

  static IndexOperation of(Exchange e) {
    return IndexOperation.upsert(
        new IndexDocument(
            e.tenant,
            EXCHANGE,
            e.id,
            e.version,
            e.agent,
            e.chat,
            e.thread,
            e.session,
            MemoryScope.CHAT.name(),
            null,
            MemoryStatus.ACTIVE.name(),
            e.speaker,
            e.role,
            e.text,
            null,
            e.occurredAt,
            null,
            e.metadata));
  }
}
