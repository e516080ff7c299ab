package dev.engram.recall.mcp;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.engram.common.auth.Caller;
import dev.engram.recall.config.McpConfig;
import dev.engram.recall.mcp.JsonRpcRules.Refusal;
import io.quarkus.security.AuthenticationException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Stands before the MCP extension on {@code /mcp}, after authentication: a session is used only by
 * the key that opened it (any other key gets the 404 of an unknown session), and every message is
 * held to {@link JsonRpcRules} and every batch to the negotiated protocol version and {@code
 * engram.recall.mcp.max-batch}. What is refused is answered with a JSON-RPC error and never run:
 * with the request's id (HTTP 200) when it had a usable one, else with id null (HTTP 400).
 */
@ApplicationScoped
class McpGate {

  static final String SESSION_HEADER = "Mcp-Session-Id";

  /** Batches are in MCP 2025-03-26 only: 2024-11-05 did not name them, 2025-06-18 removed them. */
  static final String BATCH_VERSION = "2025-03-26";

  /** After authorization (route order -100), before the extension's route. */
  private static final int ORDER = -10;

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private final McpSessionOwners owners;
  private final McpConfig config;
  private final long maxBodyBytes;

  McpGate(
      McpSessionOwners owners,
      McpConfig config,
      @ConfigProperty(name = "engram.http.max-public-request-bytes", defaultValue = "1048576")
          long maxBodyBytes) {
    this.owners = owners;
    this.config = config;
    this.maxBodyBytes = maxBodyBytes;
  }

  void register(@Observes Router router) {
    // The extension also serves MCP 2024-11-05's HTTP+SSE transport (GET /mcp/sse, then POSTs to
    // the message endpoint it announces). Nothing here guards it (session owners, JSON-RPC rules,
    // batches: another tenant's key could post into a session's stream) and no client of Engram
    // uses it, so it is not served; clients use Streamable HTTP at /mcp.
    for (String legacy : List.of("/mcp/sse", "/mcp/messages", "/mcp/messages/*")) {
      router.route(legacy).order(ORDER).handler(this::legacy);
    }
    router.route("/mcp").order(ORDER).handler(this::session).failureHandler(this::refused);
    router
        .route(HttpMethod.POST, "/mcp")
        .order(ORDER + 1)
        .handler(BodyHandler.create(false).setBodyLimit(maxBodyBytes))
        .handler(this::messages);
  }

  private void legacy(RoutingContext rc) {
    end(
        rc,
        404,
        new Refusal(
                JsonRpcRules.INVALID_REQUEST,
                "the HTTP+SSE transport of MCP 2024-11-05 is not served: use Streamable HTTP,"
                    + " POST /mcp",
                null)
            .toJson());
  }

  private void session(RoutingContext rc) {
    String session = rc.request().getHeader(SESSION_HEADER);
    McpSessionOwners.Owner caller = caller(rc);
    if (session != null && caller != null && !owners.mayUse(session, caller)) {
      rc.fail(404); // as the extension answers an unknown session: nothing said about the other
      return;
    }
    rc.next();
  }

  private void messages(RoutingContext rc) {
    Buffer body = rc.body().buffer();
    JsonNode json;
    try {
      json = body == null ? null : JSON.readTree(body.getBytes());
    } catch (Exception e) {
      json = null;
    }
    if (json == null || json.isMissingNode()) {
      end(rc, 400, new Refusal(JsonRpcRules.PARSE_ERROR, "the body is not JSON", null).toJson());
      return;
    }
    if (json.isArray()) {
      batch(rc, (ArrayNode) json);
      return;
    }
    Refusal refusal = JsonRpcRules.check(json);
    if (refusal != null) {
      end(rc, refusal.id() == null ? 400 : 200, refusal.toJson());
      return;
    }
    if ("initialize".equals(json.path("method").textValue())
        && rc.request().getHeader(SESSION_HEADER) == null) {
      McpSessionOwners.Owner caller = caller(rc);
      rc.addHeadersEndHandler(
          v -> {
            String opened = rc.response().headers().get(SESSION_HEADER);
            if (opened != null && caller != null) {
              owners.opened(opened, caller);
            }
          });
    }
    rc.next();
  }

  private void batch(RoutingContext rc, ArrayNode batch) {
    String session = rc.request().getHeader(SESSION_HEADER);
    String version = session == null ? null : owners.protocolVersion(session);
    String whole = null;
    if (batch.isEmpty()) {
      whole = "an empty batch";
    } else if (!BATCH_VERSION.equals(version)) {
      whole =
          "JSON-RPC batches are part of MCP "
              + BATCH_VERSION
              + " only"
              + (version == null ? " and need its session" : ", not of " + version)
              + ": send one message per request";
    } else if (batch.size() > config.maxBatch()) {
      whole =
          "a batch holds at most "
              + config.maxBatch()
              + " messages, this one "
              + batch.size()
              + ": send the rest in further requests";
    }
    if (whole != null) {
      end(rc, 400, new Refusal(JsonRpcRules.INVALID_REQUEST, whole, null).toJson());
      return;
    }
    List<Refusal> refusals = new ArrayList<>();
    for (JsonNode message : batch) {
      Refusal refusal = JsonRpcRules.check(message);
      if (refusal == null && "initialize".equals(message.path("method").textValue())) {
        refusal =
            new Refusal(
                JsonRpcRules.INVALID_REQUEST, "initialize must not be part of a batch", null);
      }
      refusals.add(refusal);
    }
    if (refusals.stream().allMatch(r -> r == null)) {
      rc.next();
      return;
    }
    // All or nothing: a client that retries a refused batch must not run its good calls twice.
    ArrayNode answers = JsonNodeFactory.instance.arrayNode();
    for (int i = 0; i < batch.size(); i++) {
      Refusal refusal = refusals.get(i);
      JsonNode id = batch.get(i).get("id");
      if (refusal != null) {
        answers.add(refusal.toJson());
      } else if (id != null) {
        answers.add(
            new Refusal(
                    JsonRpcRules.INVALID_REQUEST,
                    "not run: another message of this batch was refused",
                    id)
                .toJson());
      }
    }
    end(rc, 400, answers);
  }

  /**
   * A key refused by authentication or the HTTP permission: the extension's own handler answered
   * only integer ids (a string id threw on the event loop and the client waited for ever) and named
   * the exception's class. The answer carries the request's id when it has a valid one.
   */
  private void refused(RoutingContext rc) {
    Throwable failure = rc.failure();
    boolean forbidden = failure instanceof ForbiddenException;
    if (!forbidden
        && !(failure instanceof AuthenticationException)
        && !(failure instanceof UnauthorizedException)) {
      rc.next();
      return;
    }
    if (!forbidden) {
      rc.response().putHeader("WWW-Authenticate", "Bearer realm=\"engram\"");
    }
    int status = forbidden ? 403 : 401;
    String message =
        forbidden
            ? "forbidden: MCP needs a key with the agent or admin role"
            : "unauthenticated: send a valid API key as Authorization: Bearer <key>";
    if (rc.request().method() != HttpMethod.POST) {
      end(rc, status, new Refusal(JsonRpcRules.SECURITY_ERROR, message, null).toJson());
      return;
    }
    if (!rc.request().isEnded()) {
      rc.request().resume();
    }
    rc.request()
        .body()
        .onComplete(
            body -> {
              JsonNode id = null;
              try {
                JsonNode json = body.succeeded() ? JSON.readTree(body.result().getBytes()) : null;
                JsonNode candidate = json == null ? null : json.get("id");
                id = candidate != null && JsonRpcRules.validId(candidate) ? candidate : null;
              } catch (Exception e) {
                // not JSON: answered with id null
              }
              end(rc, status, new Refusal(JsonRpcRules.SECURITY_ERROR, message, id).toJson());
            });
  }

  private static McpSessionOwners.Owner caller(RoutingContext rc) {
    if (rc.user() instanceof QuarkusHttpUser user && !user.getSecurityIdentity().isAnonymous()) {
      return McpSessionOwners.Owner.of(Caller.of(user.getSecurityIdentity()));
    }
    return null;
  }

  private static void end(RoutingContext rc, int status, JsonNode answer) {
    try {
      rc.response()
          .setStatusCode(status)
          .putHeader("Content-Type", "application/json")
          .end(Buffer.buffer(JSON.writeValueAsBytes(answer)));
    } catch (Exception e) {
      rc.fail(e);
    }
  }
}
