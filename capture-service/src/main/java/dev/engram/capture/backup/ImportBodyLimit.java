package dev.engram.capture.backup;

import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * An import is a whole backup, streamed and never held in memory: it is exempt from the HTTP
 * body-size limit ({@code quarkus.http.limits.max-body-size}) that protects every other endpoint.
 * This applies to a chunked body (what the vault sends); a body with a declared Content-Length is
 * still checked against the limits before anything runs.
 */
@ApplicationScoped
class ImportBodyLimit {

  /** The routing-context key Quarkus REST reads the body limit of a streamed request from. */
  static final String MAX_REQUEST_SIZE = "io.quarkus.max-request-size";

  void register(@Observes Filters filters) {
    filters.register(
        rc -> {
          if ("/internal/v1/import".equals(rc.normalizedPath())) {
            rc.put(MAX_REQUEST_SIZE, Long.MAX_VALUE);
          }
          rc.next();
        },
        // Priority 1 = route order -1: after Quarkus's body-size handler (order -2), which would
        // otherwise set the limit again, and before the REST endpoint reads the body.
        1);
  }
}
