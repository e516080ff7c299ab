package dev.engram.recall.mcp;

import dev.engram.common.auth.ApiKey;
import dev.engram.common.auth.PresentedKeys;
import dev.engram.common.ratelimit.RateLimits;
import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import dev.engram.recall.share.FairShare;
import io.quarkiverse.mcp.server.McpException;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.util.Locale;
import java.util.Optional;

/**
 * Charges a tool call to the caller's key before the tool runs, and runs the recall and context
 * tools in the key's turn ({@link FairShare}) as their REST endpoints do. An empty bucket or a full
 * turn is a JSON-RPC error (not a tool result), so a client backs off as it would on a 429; the
 * message says when to retry.
 */
@ToolBudget(EndpointClass.RECALL)
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
class ToolCharge {

  /** JSON-RPC's range for server-defined errors; 429 kept in the last digits. */
  static final int RATE_LIMITED = -32029;

  private final CurrentVertxRequest request;
  private final PresentedKeys keys;
  private final RateLimits limits;
  private final FairShare share;

  ToolCharge(CurrentVertxRequest request, PresentedKeys keys, RateLimits limits, FairShare share) {
    this.request = request;
    this.keys = keys;
    this.limits = limits;
    this.share = share;
  }

  @AroundInvoke
  Object charge(InvocationContext call) throws Exception {
    ToolBudget budget = call.getMethod().getAnnotation(ToolBudget.class);
    RoutingContext http = request.getCurrent();
    Optional<ApiKey> key = http == null ? Optional.empty() : keys.of(http.request());
    if (budget != null && key.isPresent()) {
      long wait = limits.charge(key.get(), budget.value(), 1);
      if (wait > 0) {
        throw new McpException(
            "rate_limited: this API key has used its "
                + budget.value().name().toLowerCase(Locale.ROOT)
                + " budget; retry after "
                + wait
                + " s",
            RATE_LIMITED);
      }
    }
    if (budget == null || budget.value() != EndpointClass.RECALL || key.isEmpty()) {
      return call.proceed(); // only recall work (the recall and context tools) takes a turn
    }
    try {
      return share.call(key.get().id(), key.get().roles(), call::proceed);
    } catch (FairShare.Refused e) {
      throw new McpException(e.error().code() + ": " + e.getMessage(), RATE_LIMITED);
    }
  }
}
