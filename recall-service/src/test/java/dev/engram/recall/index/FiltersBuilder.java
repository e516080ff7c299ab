package dev.engram.recall.index;

import java.time.Instant;
import java.util.Set;
import java.util.function.Consumer;

/** Builds {@link Filters} for tests by naming only the fields that matter. */
public final class FiltersBuilder {

  public Set<String> categories;
  public Set<String> exceptCategories;
  public Double minConfidence;
  public boolean includeArchived;
  public Instant createdFrom;
  public Instant createdTo;
  public Set<String> speakers;
  public Instant asOf;
  public String thread;

  public static Filters filters(Consumer<FiltersBuilder> set) {
    FiltersBuilder b = new FiltersBuilder();
    set.accept(b);
    return new Filters(
        b.categories,
        b.exceptCategories,
        b.minConfidence,
        b.includeArchived,
        b.createdFrom,
        b.createdTo,
        b.speakers,
        b.asOf,
        b.thread);
  }
}
