package dev.engram.capture.injection;

import java.time.Instant;
import java.util.List;

/** What {@code /v1/injections} answers. */
final class InjectionViews {

  private InjectionViews() {}

  /** One record in a listing; {@code omitted} = candidates − selected, summed over sections. */
  record Summary(
      long id,
      String agent,
      String chat,
      String thread,
      String sessionId,
      String kind,
      Instant createdAt,
      String query,
      int budgetTokens,
      int tokens,
      int selected,
      long candidates,
      long omitted,
      boolean truncated) {}

  /**
   * The lists a record opened adds to its summary: {@code sections} ({@code [{name, tokens, items:
   * [{ref, text, score, signals}]}]}), {@code omitted_items} ({@code [{ref, reason}]}) and {@code
   * skipped_sources} ({@code [{source, reason}]}), as stored.
   */
  static final List<String> DETAIL_LISTS = List.of("sections", "omitted_items", "skipped_sources");

  /** A page, newest first, as {@code GET /v1/memories} pages. */
  record Page(List<Summary> items, String nextCursor) {}
}
