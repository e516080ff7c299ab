package dev.engram.capture.memory;

import dev.engram.common.error.EngramException;

/**
 * A memory listing: optional filters, newest first, keyset-paged by id (stable under inserts).
 * Status defaults to ACTIVE. {@code recent} orders by last update instead, one page only (what a
 * gateway's "newest memories of this chat" needs without reading them all); {@code unexpired}
 * leaves out memories whose expiry has passed; {@code mode} keeps the memories tagged with exactly
 * that mode.
 */
record MemoryFilter(
    String agent,
    String chat,
    MemoryScope scope,
    MemoryCategory category,
    MemoryStatus status,
    String source,
    String mode,
    Long beforeId,
    int limit,
    Double minConfidence,
    boolean unexpired,
    boolean recent) {

  /** The listing's order: by id (pages), or by last update (one page). */
  static boolean recent(String order, String cursor) {
    if (order == null || order.isBlank() || order.equals("id")) {
      return false;
    }
    if (!order.equals("updated")) {
      throw EngramException.invalid("order", "enum", "must be id or updated");
    }
    if (cursor != null && !cursor.isBlank()) {
      throw EngramException.invalid(
          "cursor", "order", "order=updated answers one page: raise limit instead of paging");
    }
    return true;
  }

  /** A mode tag to filter on, checked as a memory's mode is; null when none was given. */
  static String mode(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    if (!value.matches(Modes.PATTERN)) {
      throw EngramException.invalid("mode", "Pattern", Modes.MESSAGE);
    }
    return value;
  }

  static Double confidence(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      double c = Double.parseDouble(value);
      if (c >= 0.0 && c <= 1.0) {
        return c;
      }
    } catch (NumberFormatException e) {
      // fall through to the 400
    }
    throw EngramException.invalid("min_confidence", "range", "must be a number from 0 to 1");
  }

  static boolean flag(String name, String value) {
    if (value == null || value.isBlank() || value.equals("false")) {
      return false;
    }
    if (value.equals("true")) {
      return true;
    }
    throw EngramException.invalid(name, "boolean", "must be true or false");
  }

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
