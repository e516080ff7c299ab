package dev.engram.recall.backup;

import io.vertx.ext.web.RoutingContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Lifts the HTTP body limit for the import, whose streamed (chunked) body is a whole archive's
 * vectors: it is read a line at a time into the index (or a spool file), never into memory, and
 * each line has a limit of its own. Other endpoints keep the limit.
 */
class ImportBodyLimit {

  /** Where Quarkus keeps the body limit of a chunked request for the input stream. */
  static final String LIMIT_KEY = "io.quarkus.max-request-size";

  @ServerRequestFilter
  public void unlimitedImport(RoutingContext rc) {
    if (rc.normalizedPath().endsWith("/internal/v1/import")) {
      rc.put(LIMIT_KEY, -1L);
    }
  }
}
