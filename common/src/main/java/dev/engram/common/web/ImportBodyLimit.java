package dev.engram.common.web;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Lifts the streamed-body limit ({@code quarkus.http.limits.max-body-size}) for a restore's {@code
 * POST /internal/v1/import}: the body is a whole archive, read a line at a time and never held in
 * memory. Quarkus's body-size handler stores the limit in the routing context, where the request
 * stream reads it; this filter runs right after that handler and removes it, so the stream reads no
 * limit at all (Quarkus's own default). Only a chunked body gains: a declared Content-Length is
 * still checked by {@link RequestSizeLimit}, so the vault streams the body chunked. Every other
 * method and path, {@code /internal/v1/import/...} included, keeps the limit.
 */
@ApplicationScoped
public class ImportBodyLimit {

  /** The import endpoint of every service that restores from the vault. */
  public static final String PATH = "/internal/v1/import";

  /** The routing-context key Quarkus's request stream reads its limit from. */
  static final String STREAM_LIMIT = "io.quarkus.max-request-size";

  /**
   * Route order is minus the priority: 1 runs at order -1, after Quarkus's body-size handler (order
   * -2), which would otherwise set the limit again, and before the REST routes read the body.
   */
  static final int PRIORITY = 1;

  void register(@Observes Filters filters) {
    filters.register(ImportBodyLimit::lift, PRIORITY);
  }

  static void lift(RoutingContext rc) {
    if (HttpMethod.POST.equals(rc.request().method()) && PATH.equals(rc.normalizedPath())) {
      rc.remove(STREAM_LIMIT);
    }
    rc.next();
  }
}
