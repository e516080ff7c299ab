package dev.engram.common.ratelimit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.auth.ApiKey;
import dev.engram.common.auth.ApiKeyRegistry;
import dev.engram.common.auth.PresentedKeys;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.CommonError;
import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.common.web.InternalPaths;
import dev.engram.common.web.RouteProblems;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;

/**
 * Charges each public call to its key's bucket before anything runs, and answers 429 problem+json
 * with Retry-After when the bucket is empty. Reads (GET) are not limited; an embeddings request
 * pays one input here and the rest once its body is read ({@link EmbeddingInputsCharge}). MCP
 * ({@code /mcp}) is not charged per HTTP request: each tool call pays the bucket its REST endpoint
 * would, once its JSON-RPC message is read (recall-service's MCP layer), so a batch pays per call.
 * A call another Engram service forwards on a caller's behalf after charging it there carries that
 * service's internal key in {@link PrepaidCallHeaders#HEADER} and is not charged again here: one
 * tool call, one token.
 */
@ApplicationScoped
class RateLimitFilter {

  /** Where the paying key is left for {@link EmbeddingInputsCharge}. */
  static final String KEY = "engram.rate-limit.key";

  private final ObjectMapper json;
  private final ApiKeyRegistry registry;
  private final PresentedKeys keys;
  private final RateLimits limits;
  private final boolean enabled;

  RateLimitFilter(
      ObjectMapper json,
      ApiKeyRegistry registry,
      PresentedKeys keys,
      RateLimits limits,
      RateLimitConfig config) {
    this.json = json;
    this.registry = registry;
    this.keys = keys;
    this.limits = limits;
    this.enabled = config.enabled();
  }

  void register(@Observes Filters filters) {
    if (enabled) {
      // After BodyRules and RequestSizeLimit: a refused body costs nothing.
      filters.register(this::charge, Integer.MAX_VALUE - 2);
    }
  }

  private void charge(RoutingContext rc) {
    Optional<EndpointClass> type = classOf(rc);
    Optional<ApiKey> key = type.isEmpty() || prepaid(rc) ? Optional.empty() : keys.of(rc.request());
    if (key.isEmpty()) {
      rc.next(); // not limited, or anonymous (JAX-RS answers 401)
      return;
    }
    long wait = limits.charge(key.get(), type.get(), 1);
    if (wait > 0) {
      RouteProblems.end(
          rc,
          json,
          CommonError.RATE_LIMITED,
          "This API key has used its "
              + type.get().name().toLowerCase()
              + " budget; retry in "
              + wait
              + " s",
          Map.of("Retry-After", Long.toString(wait)));
      return;
    }
    rc.put(KEY, key.get());
    rc.next();
  }

  /**
   * Forwarded by an Engram service that charged the caller already (its internal key proves it).
   */
  private boolean prepaid(RoutingContext rc) {
    String mark = rc.request().getHeader(PrepaidCallHeaders.HEADER);
    return mark != null
        && registry
            .lookup(mark.strip())
            .filter(k -> k.roles().contains(Roles.INTERNAL))
            .isPresent();
  }

  static Optional<EndpointClass> classOf(RoutingContext rc) {
    HttpMethod method = rc.request().method();
    String path = rc.normalizedPath();
    if (InternalPaths.is(rc)
        || !(method == HttpMethod.POST
            || method == HttpMethod.PUT
            || method == HttpMethod.PATCH
            || method == HttpMethod.DELETE)) {
      return Optional.empty();
    }
    if (path.equals("/v1/embeddings")) {
      return Optional.of(EndpointClass.EMBEDDINGS);
    }
    if (path.equals("/v1/recall") || path.equals("/v1/context")) {
      return Optional.of(EndpointClass.RECALL);
    }
    return path.startsWith("/v1/") ? Optional.of(EndpointClass.WRITES) : Optional.empty();
  }
}
