package dev.engram.capture.memory;

import dev.engram.common.error.EngramException;

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
}
