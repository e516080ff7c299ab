package dev.engram.recall.index;

import java.time.Instant;
import java.util.Set;

/**
 * What a caller narrows a search to, on top of {@link Visibility}. Null (or false) means no
 * restriction. A filter on a field excludes documents without that field: exchanges have no
 * category or confidence, memories usually no speaker.
 *
 * <ul>
 *   <li>{@code categories}: memory category is one of these;
 *   <li>{@code exceptCategories}: memory category is none of these (no category passes);
 *   <li>{@code minConfidence}: confidence at least this;
 *   <li>{@code includeArchived}: ARCHIVED documents count as visible too;
 *   <li>{@code createdFrom} (inclusive) / {@code createdTo} (exclusive): created_at range;
 *   <li>{@code speakers}: speaker is one of these;
 *   <li>{@code asOf}: the index as it was then: created by then, and ACTIVE then (a document
 *       archived or superseded after {@code asOf} counts as ACTIVE);
 *   <li>{@code thread}: only this thread (used by the thread signal).
 * </ul>
 */
public record Filters(
    Set<String> categories,
    Set<String> exceptCategories,
    Double minConfidence,
    boolean includeArchived,
    Instant createdFrom,
    Instant createdTo,
    Set<String> speakers,
    Instant asOf,
    String thread) {

  /** No narrowing: ACTIVE documents as of now. */
  public static final Filters NONE =
      new Filters(null, null, null, false, null, null, null, null, null);

  public Filters {
    categories = categories == null || categories.isEmpty() ? null : Set.copyOf(categories);
    exceptCategories =
        exceptCategories == null || exceptCategories.isEmpty()
            ? null
            : Set.copyOf(exceptCategories);
    speakers = speakers == null || speakers.isEmpty() ? null : Set.copyOf(speakers);
  }

  public Filters withThread(String thread) {
    return new Filters(
        categories,
        exceptCategories,
        minConfidence,
        includeArchived,
        createdFrom,
        createdTo,
        speakers,
        asOf,
        thread);
  }
}
