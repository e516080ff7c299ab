package dev.engram.recall.mcp;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The MCP event streams (GET /mcp) open on this replica, ended when shutdown begins. A stream never
 * ends by itself, so Quarkus' graceful shutdown would wait the whole {@code
 * quarkus.shutdown.timeout} for it; ended first (Quarkus' pre-shutdown phase, {@code
 * quarkus.shutdown.delay-enabled}), the client sees its stream end and may open it again on another
 * replica, while every other request still runs to its end.
 */
@ApplicationScoped
class McpEventStreams {

  private static final Logger LOG = Logger.getLogger(McpEventStreams.class);

  private final Map<HttpServerResponse, Context> open = new ConcurrentHashMap<>();
  private volatile boolean closing;

  /** Whether shutdown has begun: no new stream is opened here. */
  boolean closing() {
    return closing;
  }

  /**
   * Holds the stream {@code rc} is about to open until its response ends or its connection goes.
   */
  void opening(RoutingContext rc) {
    HttpServerResponse response = rc.response();
    open.put(response, Vertx.currentContext());
    rc.addEndHandler(done -> open.remove(response));
    if (closing) { // shutdown began while the stream was being opened
      end(response, open.remove(response));
    }
  }

  void endAll(@Observes ShutdownDelayInitiatedEvent shutdown) {
    closing = true;
    if (!open.isEmpty()) {
      LOG.infof("ending %d open MCP event stream(s) for shutdown", open.size());
    }
    open.forEach(McpEventStreams::end);
    open.clear();
  }

  private static void end(HttpServerResponse response, Context context) {
    if (context == null) {
      return;
    }
    context.runOnContext(
        v -> {
          if (!response.ended() && !response.closed()) {
            response.end();
          }
        });
  }
}
