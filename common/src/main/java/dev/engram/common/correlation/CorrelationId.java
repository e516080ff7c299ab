package dev.engram.common.correlation;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;

/**
 * Gives every request a correlation id: the caller's {@code X-Correlation-Id} when it is sane,
 * otherwise a new one. It is echoed in the response, logged through the MDC, quoted in problem
 * documents and forwarded on calls to other services.
 */
@ApplicationScoped
public class CorrelationId {

  public static final String HEADER = "X-Correlation-Id";
  private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

  void register(@Observes Filters filters) {
    filters.register(
        rc -> {
          String id = rc.request().getHeader(HEADER);
          if (id == null || !SANE.matcher(id).matches()) {
            id = UUID.randomUUID().toString();
            rc.request().headers().set(HEADER, id);
          }
          rc.response().putHeader(HEADER, id);
          MDC.put("correlationId", id);
          rc.next();
        },
        Integer.MAX_VALUE);
  }

  /** The id assigned to this request (the filter always sets one). */
  public static String of(HttpServerRequest request) {
    String id = request.getHeader(HEADER);
    return id == null ? "none" : id;
  }
}
