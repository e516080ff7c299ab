package dev.engram.capture.fact;

import dev.engram.capture.paging.Cursors;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Reads the facts of the record for the REST API. */
@ApplicationScoped
class FactService {

  /** A page of facts; pass {@code next_cursor} back as {@code cursor}. */
  record Page(List<FactView> items, String nextCursor) {}

  private final FactRepository facts;

  FactService(FactRepository facts) {
    this.facts = facts;
  }

  Uni<Page> list(Caller caller, FactFilter filter) {
    return facts
        .page(caller.tenant(), filter)
        .map(
            rows -> {
              List<FactView> items = rows.stream().map(FactView::of).toList();
              return new Page(items, Cursors.next(items, filter.size(), FactView::id));
            });
  }
}
