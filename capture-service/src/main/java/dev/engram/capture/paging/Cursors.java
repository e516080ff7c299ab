package dev.engram.capture.paging;

import dev.engram.common.error.EngramException;
import java.util.List;
import java.util.function.ToLongFunction;

/** The {@code cursor} query parameter of id-ordered listings: the last id of the previous page. */
public final class Cursors {

  private Cursors() {}

  /**
   * The {@code next_cursor} of a page: the last item's id when the page is full (there may be
   * more), null when it is not.
   */
  public static <T> String next(List<T> page, int size, ToLongFunction<T> id) {
    return page.size() < size ? null : Long.toString(id.applyAsLong(page.getLast()));
  }

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
