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
  public static final Filters NONE = builder().build();

  public Filters {
    categories = categories == null || categories.isEmpty() ? null : Set.copyOf(categories);
    exceptCategories =
        exceptCategories == null || exceptCategories.isEmpty()
            ? null
            : Set.copyOf(exceptCategories);
    speakers = speakers == null || speakers.isEmpty() ? null : Set.copyOf(speakers);
  }

  /** Memories of these categories only. */
  public static Filters only(String... categories) {
    return builder().categories(Set.of(categories)).build();
  }

  /** Memories of none of these categories. */
  public static Filters except(String... categories) {
    return builder().exceptCategories(Set.of(categories)).build();
  }

  /** Filters naming only the fields that matter; the rest do not narrow. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link Filters} field by field. */
  public static final class Builder {
    private Set<String> categories;
    private Set<String> exceptCategories;
    private Double minConfidence;
    private boolean includeArchived;
    private Instant createdFrom;
    private Instant createdTo;
    private Set<String> speakers;
    private Instant asOf;
    private String thread;

    private Builder() {}

    public Builder categories(Set<String> v) {
      categories = v;
      return this;
    }

    public Builder exceptCategories(Set<String> v) {
      exceptCategories = v;
      return this;
    }

    public Builder minConfidence(Double v) {
      minConfidence = v;
      return this;
    }

    public Builder includeArchived(boolean v) {
      includeArchived = v;
      return this;
    }

    /** created_at in [from, to); either may be null. */
    public Builder created(Instant from, Instant to) {
      createdFrom = from;
      createdTo = to;
      return this;
    }

    public Builder speakers(Set<String> v) {
      speakers = v;
      return this;
    }

    public Builder asOf(Instant v) {
      asOf = v;
      return this;
    }

    public Builder thread(String v) {
      thread = v;
      return this;
    }

    public Filters build() {
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
