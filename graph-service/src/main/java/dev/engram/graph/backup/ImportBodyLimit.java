package dev.engram.graph.backup;

import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Lifts {@code quarkus.http.limits.max-body-size} for the import: a restore streams the whole graph
 * in one body (spooled to disk, never held in memory). The HTTP layer stores the limit in the
 * routing context, where the request stream reads it; this filter runs after it and removes it for
 * {@code POST /internal/v1/import} only. A declared Content-Length is still checked by common's
 * RequestSizeLimit, so the vault streams the body chunked.
 */
@ApplicationScoped
class ImportBodyLimit {

  /** The routing-context key Quarkus's request stream reads its limit from. */
  static final String KEY = "io.quarkus.max-request-size";

  void register(@Observes Filters filters) {
    filters.register(
        rc -> {
          if ("POST".equals(rc.request().method().name())
              && ImportResource.PATH.equals(rc.normalizedPath())) {
            rc.remove(KEY);
          }
          rc.next();
        },
        // Route order = -priority: 1 runs right after the HTTP layer's limit (order -2) and before
        // the REST routes.
        1);
  }
}
