package dev.engram.capture.web;

import dev.engram.common.error.EngramException;

/** The {@code cursor} query parameter of id-ordered listings: the last id of the previous page. */
public final class Cursors {

  private Cursors() {}

  /** The id to continue below, or null for the first page. Ids are bigint, so a long. */
  public static Long before(String cursor) {
    if (cursor == null || cursor.isBlank()) {
      return null;
    }
    try {
      long id = Long.parseLong(cursor.strip());
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw EngramException.invalid("cursor", "cursor", "must be the next_cursor of a previous page");
  }
}
