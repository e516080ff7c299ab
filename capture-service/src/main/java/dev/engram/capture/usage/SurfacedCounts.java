package dev.engram.capture.usage;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Adds usage to {@code memories} in one statement per batch ({@link UsageQueries}): no audit row
 * and no projection (usage is bookkeeping, not a change of the memory), and only these three
 * columns, so it never races an edit of the memory itself (the entity maps them read-only).
 */
@ApplicationScoped
public class SurfacedCounts {

  private final UsageQueries queries;

  SurfacedCounts(UsageQueries queries) {
    this.queries = queries;
  }

  /** Adds the items; answers how many memory rows changed. */
  Uni<Integer> add(List<SurfacedRequest.Item> items) {
    return items.isEmpty() ? Uni.createFrom().item(0) : queries.addSurfaced(items);
  }
}
