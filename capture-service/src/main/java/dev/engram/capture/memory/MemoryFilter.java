package dev.engram.capture.memory;

import dev.engram.common.error.EngramException;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * A memory listing: optional filters, newest first, keyset-paged by id (stable under inserts).
 * Status defaults to ACTIVE.
 */
record MemoryFilter(
    String agent,
    String chat,
    MemoryScope scope,
    MemoryCategory category,
    MemoryStatus status,
    String source,
    Long beforeId,
    int limit) {

  static Long cursor(String cursor) {
    if (cursor == null || cursor.isBlank()) {
      return null;
    }
    try {
      long id = Long.parseLong(cursor);
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // fall through to the 400
    }
    throw EngramException.invalid("cursor", "format", "pass back next_cursor from a previous page");
  }

  Uni<List<Memory>> query(String tenant) {
    StringBuilder where = new StringBuilder("tenant = :tenant and status = :status");
    Parameters params =
        Parameters.with("tenant", tenant)
            .and("status", status == null ? MemoryStatus.ACTIVE : status);
    if (agent != null) {
      where.append(" and agent = :agent");
      params.and("agent", agent);
    }
    if (chat != null) {
      where.append(" and chat = :chat");
      params.and("chat", chat);
    }
    if (scope != null) {
      where.append(" and scope = :scope");
      params.and("scope", scope);
    }
    if (category != null) {
      where.append(" and category = :category");
      params.and("category", category);
    }
    if (source != null) {
      where.append(" and source = :source");
      params.and("source", source);
    }
    if (beforeId != null) {
      where.append(" and id < :beforeId");
      params.and("beforeId", beforeId);
    }
    return Memory.<Memory>find(where.toString(), Sort.descending("id"), params)
        .page(0, limit)
        .list();
  }
}
