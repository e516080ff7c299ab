package dev.engram.common.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.auth.PresentedKeys;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.ProblemMappers;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Set;

/**
 * Two answers JAX-RS gets wrong or late. It matches a body sent without a Content-Type to any
 * {@code @Consumes}, so JSON endpoints would read it: such a body is refused with 415 here. And it
 * answers 415 for a wrong Content-Type before security runs, so an internal endpoint would tell an
 * anonymous caller what it accepts: {@code /internal/} without a configured key is a 401 first.
 */
@ApplicationScoped
public class BodyRules {

  private static final Set<HttpMethod> WITH_BODY =
      Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH);

  private final ObjectMapper json;
  private final PresentedKeys keys;

  BodyRules(ObjectMapper json, PresentedKeys keys) {
    this.json = json;
    this.keys = keys;
  }

  void register(@Observes Filters filters) {
    // Before RequestSizeLimit (MAX_VALUE - 1): an anonymous caller learns no limit either.
    filters.register(this::check, Integer.MAX_VALUE);
  }

  private void check(RoutingContext rc) {
    HttpServerRequest request = rc.request();
    if (InternalPaths.is(rc) && keys.of(request).isEmpty()) {
      RouteProblems.end(
          rc,
          json,
          CommonError.UNAUTHENTICATED,
          ProblemMappers.unauthenticatedDetail(request),
          Map.of("WWW-Authenticate", "Bearer realm=\"engram\""));
      return;
    }
    if (WITH_BODY.contains(request.method())
        && hasBody(request)
        && request.getHeader("Content-Type") == null) {
      RouteProblems.end(
          rc,
          json,
          CommonError.UNSUPPORTED_MEDIA_TYPE,
          "Send the body with a Content-Type header (application/json)",
          Map.of());
      return;
    }
    rc.next();
  }

  private static boolean hasBody(HttpServerRequest request) {
    String length = request.getHeader("Content-Length");
    return request.getHeader("Transfer-Encoding") != null
        || (length != null && !length.strip().equals("0"));
  }
}
