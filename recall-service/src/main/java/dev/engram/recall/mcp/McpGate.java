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
 * the key that opened it (any other key gets the 404 of an unknown session), on whichever replica
 * the call lands ({@link McpSessionTokens}), and every message is held to {@link JsonRpcRules} and
 * every batch to the negotiated protocol version and {@code engram.recall.mcp.max-batch}. What is
 * refused is answered with a JSON-RPC error and never run: with the request's id (HTTP 200) when it
 * had a usable one, else with id null (HTTP 400).
 */
@ApplicationScoped
class McpGate {

  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String VERSION_HEADER = "MCP-Protocol-Version";

  /** The routing context's key for the protocol version of the call's session. */
  private static final String SESSION_VERSION = "engram.mcp.session-version";

  /** The routing context's key, present when this replica does not hold the call's session. */
  private static final String SESSION_ELSEWHERE = "engram.mcp.session-elsewhere";

  /** Batches are in MCP 2025-03-26 only: 2024-11-05 did not name them, 2025-06-18 removed them. */
  static final String BATCH_VERSION = "2025-03-26";

  /** After authorization (route order -100), before the extension's route. */
  private static final int ORDER = -10;

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private final McpSessionTokens tokens;
  private final McpEventStreams streams;
  private final McpConfig config;
  private final long maxBodyBytes;

  McpGate(
      McpSessionTokens tokens,
      McpEventStreams streams,
      McpConfig config,
      @ConfigProperty(name = "engram.http.max-public-request-bytes", defaultValue = "1048576")
          long maxBodyBytes) {
    this.tokens = tokens;
    this.streams = streams;
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

  /**
   * A call naming a session: refused as unknown unless its token was issued to the caller's key;
   * else handed on under the extension's own id, with the session's protocol version when the
   * client sent none (a replica that does not hold the session opens one for the call alone, under
   * that version). A GET asks for the session's event stream, which only the replica holding it has
   * (405, as the transport allows), and a replica that is stopping opens none ({@link
   * McpEventStreams}); a DELETE ends it here and, held elsewhere, is answered here.
   */
  private void session(RoutingContext rc) {
    String token = rc.request().getHeader(SESSION_HEADER);
    if (token == null) {
      rc.next();
      return;
    }
    McpSessionTokens.Owner caller = caller(rc);
    McpSessionTokens.Session session = caller == null ? null : tokens.verify(token, caller);
    if (session == null) {
      rc.fail(404); // as the extension answers an unknown session: nothing said about the other
      return;
    }
    rc.request().headers().set(SESSION_HEADER, session.id());
    if (rc.request().getHeader(VERSION_HEADER) == null) {
      rc.request().headers().set(VERSION_HEADER, session.protocolVersion());
    }
    rc.put(SESSION_VERSION, session.protocolVersion());
    boolean local = tokens.local(session.id());
    if (!local) {
      rc.put(SESSION_ELSEWHERE, Boolean.TRUE);
    }
    if (rc.request().method() == HttpMethod.DELETE) {
      tokens.ended(session.id());
      if (!local) {
        rc.response().setStatusCode(200).end();
        return;
      }
    } else if (rc.request().method() == HttpMethod.GET) {
      if (!local || streams.closing()) {
        rc.response().setStatusCode(405).putHeader("Allow", "POST, DELETE").end();
        return;
      }
      streams.opening(rc);
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
    if ("notifications/initialized".equals(json.path("method").textValue())
        && rc.get(SESSION_ELSEWHERE) != null) {
      // The session was initialized where it was opened; the call-long session this replica
      // would open for it is initialized already, and the extension calls the notice unsupported.
      rc.response().setStatusCode(202).end();
      return;
    }
    if ("initialize".equals(json.path("method").textValue())
        && rc.request().getHeader(SESSION_HEADER) == null) {
      McpSessionTokens.Owner caller = caller(rc);
      rc.addHeadersEndHandler(
          v -> {
            String opened = rc.response().headers().get(SESSION_HEADER);
            if (opened != null && caller != null) {
              rc.response().headers().set(SESSION_HEADER, tokens.issue(opened, caller));
            }
          });
    }
    rc.next();
  }

  private void batch(RoutingContext rc, ArrayNode batch) {
    String version = rc.get(SESSION_VERSION);
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

  private static McpSessionTokens.Owner caller(RoutingContext rc) {
    if (rc.user() instanceof QuarkusHttpUser user && !user.getSecurityIdentity().isAnonymous()) {
      return McpSessionTokens.Owner.of(Caller.of(user.getSecurityIdentity()));
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
