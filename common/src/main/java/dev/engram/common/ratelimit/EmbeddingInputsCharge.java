package dev.engram.common.ratelimit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.auth.ApiKey;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.ProblemMappers;
import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import io.quarkus.arc.Arc;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Charges an embeddings request for its inputs once its body is read: one request of 2,048 texts
 * costs as much CPU as 2,048 requests of one. The filter already charged one.
 */
@Provider
@ConstrainedTo(RuntimeType.SERVER) // not the REST clients' responses, read outside any request
class EmbeddingInputsCharge implements ReaderInterceptor {

  private final CurrentVertxRequest current;
  private final RateLimits limits;

  EmbeddingInputsCharge(CurrentVertxRequest current, RateLimits limits) {
    this.current = current;
    this.limits = limits;
  }

  @Override
  public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
    Object body = context.proceed();
    if (!Arc.container().requestContext().isActive()) {
      return body;
    }
    RoutingContext rc = current.getCurrent();
    if (rc == null
        || !(rc.get(RateLimitFilter.KEY) instanceof ApiKey key)
        || RateLimitFilter.classOf(rc).orElse(null) != EndpointClass.EMBEDDINGS) {
      return body;
    }
    long wait = limits.charge(key, EndpointClass.EMBEDDINGS, inputs(body) - 1);
    if (wait > 0) {
      throw new EngramException(
          CommonError.RATE_LIMITED,
          "This API key has used its embeddings budget; retry in " + wait + " s",
          List.of(),
          Map.of(ProblemMappers.RETRY_AFTER_SECONDS, wait));
    }
    return body;
  }

  /** The number of texts in an OpenAI-style body: the size of its {@code input} array. */
  static int inputs(Object body) {
    if (body == null || !body.getClass().isRecord()) {
      return 1;
    }
    for (RecordComponent component : body.getClass().getRecordComponents()) {
      if (component.getName().equals("input")) {
        try {
          component.getAccessor().setAccessible(true);
          Object input = component.getAccessor().invoke(body);
          if (input instanceof JsonNode node && node.isArray()) {
            return Math.max(1, node.size());
          }
          if (input instanceof Collection<?> items) {
            return Math.max(1, items.size());
          }
        } catch (ReflectiveOperationException | RuntimeException e) {
          return 1;
        }
      }
    }
    return 1;
  }
}
