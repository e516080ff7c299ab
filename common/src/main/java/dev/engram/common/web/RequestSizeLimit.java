package dev.engram.common.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.Problem;
import dev.engram.common.error.ProblemMappers;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses a body larger than {@code engram.http.max-request-bytes} before it is read, with a
 * problem+json 413 (the HTTP layer's own limit would answer with an empty body).
 */
@ApplicationScoped
public class RequestSizeLimit {

  private final ObjectMapper json;
  private final long maxBytes;

  RequestSizeLimit(
      ObjectMapper json,
      @ConfigProperty(name = "engram.http.max-request-bytes", defaultValue = "8388608")
          long maxBytes) {
    this.json = json;
    this.maxBytes = maxBytes;
  }

  void register(@Observes Filters filters) {
    filters.register(this::limit, Integer.MAX_VALUE - 1);
  }

  private void limit(RoutingContext rc) {
    long declared = declaredLength(rc.request().getHeader("Content-Length"));
    if (declared <= maxBytes) {
      rc.next();
      return;
    }
    Object problem =
        ProblemMappers.render(
                rc.request(),
                CommonError.PAYLOAD_TOO_LARGE,
                "The body is " + declared + " bytes; the limit is " + maxBytes + " bytes",
                List.of(),
                Map.of())
            .getEntity();
    String body;
    try {
      body = json.writeValueAsString(problem);
    } catch (JsonProcessingException e) {
      body = "{\"status\":413,\"code\":\"payload_too_large\"}";
    }
    rc.response()
        .setStatusCode(413)
        .putHeader("Content-Type", Problem.MEDIA_TYPE)
        .putHeader("Connection", "close")
        .end(body);
  }

  private static long declaredLength(String header) {
    try {
      return header == null ? -1 : Long.parseLong(header.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
