package dev.engram.common.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.CommonError;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses a body larger than {@code engram.http.max-request-bytes} before it is read, with a
 * problem+json 413 (the HTTP layer's own limit would answer with an empty body). Public endpoints
 * (everything outside {@code /internal/}) may have a lower limit, {@code
 * engram.http.max-public-request-bytes}, so a service whose internal API takes large batches does
 * not accept them from every agent key.
 */
@ApplicationScoped
public class RequestSizeLimit {

  /** The routing-context key Quarkus's request stream reads its limit from. */
  private static final String STREAM_LIMIT = "io.quarkus.max-request-size";

  private final ObjectMapper json;
  private final long maxBytes;
  private final long maxPublicBytes;

  RequestSizeLimit(
      ObjectMapper json,
      @ConfigProperty(name = "engram.http.max-request-bytes", defaultValue = "8388608")
          long maxBytes,
      @ConfigProperty(name = "engram.http.max-public-request-bytes")
          Optional<Long> maxPublicBytes) {
    this.json = json;
    this.maxBytes = maxBytes;
    this.maxPublicBytes = Math.min(maxBytes, maxPublicBytes.orElse(maxBytes));
  }

  void register(@Observes Filters filters) {
    filters.register(this::limit, Integer.MAX_VALUE - 1);
    if (maxPublicBytes < maxBytes) {
      // A chunked body declares no length: lower the limit the request stream enforces. Priority 1
      // = route order -1, after the HTTP layer's limit handler (order -2), which sets it.
      filters.register(this::limitStreamed, 1);
    }
  }

  private void limitStreamed(RoutingContext rc) {
    if (!InternalPaths.is(rc)) {
      rc.put(STREAM_LIMIT, maxPublicBytes);
    }
    rc.next();
  }

  private void limit(RoutingContext rc) {
    long declared = declaredLength(rc.request().getHeader("Content-Length"));
    long max = InternalPaths.is(rc) ? maxBytes : maxPublicBytes;
    if (declared <= max) {
      rc.next();
      return;
    }
    RouteProblems.end(
        rc,
        json,
        CommonError.PAYLOAD_TOO_LARGE,
        "The body is " + declared + " bytes; the limit is " + max + " bytes",
        // Close an HTTP/1 connection rather than read the unwanted body; HTTP/2 has no such header.
        rc.request().version() == HttpVersion.HTTP_2 ? Map.of() : Map.of("Connection", "close"));
  }

  private static long declaredLength(String header) {
    try {
      return header == null ? -1 : Long.parseLong(header.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
