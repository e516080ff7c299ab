package dev.engram.capture.reflector;

import dev.engram.capture.CaptureError;
import dev.engram.capture.paging.Cursors;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The Reflector's past run records, as the REST API reads them. */
@ApplicationScoped
class RunHistory {

  /** A page of run records, newest first. */
  record Runs(List<RunView> items, String nextCursor) {}

  private final ReflectorRunRepository runs;

  RunHistory(ReflectorRunRepository runs) {
    this.runs = runs;
  }

  Uni<Runs> page(Caller caller, Long before, int size) {
    return runs.page(caller.tenant(), before, size)
        .map(
            rows -> {
              List<RunView> items = rows.stream().map(RunView::of).toList();
              return new Runs(items, Cursors.next(items, size, RunView::id));
            });
  }

  Uni<RunView> get(Caller caller, long id) {
    return runs.find(caller.tenant(), id)
        .onItem()
        .ifNull()
        .failWith(() -> new EngramException(CaptureError.RUN_NOT_FOUND, "No Reflector run " + id))
        .map(RunView::of);
  }
}
