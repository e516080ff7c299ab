package dev.engram.capture.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.CaptureError;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.security.identity.CurrentIdentityAssociation;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveContainerRequestContext;

/**
 * {@code Idempotency-Key} on the write API. A write with a key claims it before it runs; its 2xx
 * answer is stored after the write has committed (its own statement, not the write's transaction)
 * and sent again, same status and body, to a repeat of the same request, which does not run. The
 * same key on another request is a 409; while the first is still running, a 409 to retry later. A
 * failed write frees its key.
 */
class IdempotencyFilter {

  /** Answers sent again carry this header, so a client can tell a replay from a fresh write. */
  static final String REPLAYED = "Idempotency-Replayed";

  private static final Logger LOG = Logger.getLogger(IdempotencyFilter.class);
  private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");
  private static final String CLAIMED = IdempotencyFilter.class.getName() + ".claimed";

  private final IdempotencyKeys keys;
  private final CurrentIdentityAssociation identity;
  private final ObjectMapper json;

  IdempotencyFilter(IdempotencyKeys keys, CurrentIdentityAssociation identity, ObjectMapper json) {
    this.keys = keys;
    this.identity = identity;
    this.json = json;
  }

  @Idempotent
  @ServerRequestFilter(readBody = true)
  Uni<Response> claim(ResteasyReactiveContainerRequestContext request) {
    List<String> headers = request.getHeaders().get(IdempotentRequest.HEADER);
    if (headers == null || !WRITES.contains(request.getMethod())) {
      return Uni.createFrom().nullItem();
    }
    byte[] body = body(request);
    String target = request.getUriInfo().getRequestUri().getRawPath();
    String query = request.getUriInfo().getRequestUri().getRawQuery();
    String full = query == null ? target : target + '?' + query;
    return identity
        .getDeferredIdentity()
        .chain(
            id -> {
              if (id.isAnonymous()) {
                return Uni.createFrom().nullItem(); // the endpoint answers 401
              }
              IdempotentRequest idempotent =
                  IdempotentRequest.of(
                      Caller.of(id).tenant(), headers, request.getMethod(), full, body);
              return keys.claim(idempotent).map(claim -> decide(request, idempotent, claim));
            });
  }

  private static Response decide(
      ContainerRequestContext request, IdempotentRequest idempotent, IdempotencyKeys.Claim claim) {
    return switch (claim) {
      case IdempotencyKeys.Claim.Won won -> {
        request.setProperty(CLAIMED, idempotent);
        yield null;
      }
      case IdempotencyKeys.Claim.Answered a -> {
        Response.ResponseBuilder replay =
            Response.status(a.status()).header(REPLAYED, "true").entity(a.body());
        yield a.contentType() == null ? replay.build() : replay.type(a.contentType()).build();
      }
      case IdempotencyKeys.Claim.InFlight inFlight ->
          throw new EngramException(
              CaptureError.IDEMPOTENCY_KEY_IN_FLIGHT,
              "A request with this Idempotency-Key is still running; retry it later");
      case IdempotencyKeys.Claim.Reused reused ->
          throw new EngramException(
              CaptureError.IDEMPOTENCY_KEY_REUSED,
              "This Idempotency-Key was used for a different request (method, path or body);"
                  + " use a new key for a new request");
    };
  }

  @ServerResponseFilter
  Uni<Void> record(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(CLAIMED) instanceof IdempotentRequest idempotent)) {
      return Uni.createFrom().voidItem();
    }
    request.removeProperty(CLAIMED);
    int status = response.getStatus();
    if (status < 200 || status > 299) {
      return keys.release(idempotent);
    }
    Object entity = response.getEntity();
    String contentType = entity == null ? null : contentType(response.getMediaType());
    // The write has committed: failing to record its answer must not turn it into an error.
    // The key is freed instead, so a retry runs the write again (exchange dedup absorbs that).
    return keys.complete(idempotent, status, contentType, serialised(entity))
        .onFailure()
        .recoverWithUni(
            e -> {
              LOG.warnf(e, "Could not record the answer of Idempotency-Key %s", idempotent.key());
              return keys.release(idempotent).onFailure().recoverWithNull();
            });
  }

  /** The content type as the client got it: JSON and text are written as UTF-8, and say so. */
  private static String contentType(MediaType type) {
    MediaType t = type == null ? MediaType.APPLICATION_JSON_TYPE : type;
    boolean textual =
        t.getType().equals("text")
            || t.getSubtype().equals("json")
            || t.getSubtype().endsWith("+json");
    return textual && !t.getParameters().containsKey(MediaType.CHARSET_PARAMETER)
        ? t.withCharset(StandardCharsets.UTF_8.name()).toString()
        : t.toString();
  }

  /** The body as the client got it: the same ObjectMapper Quarkus REST writes responses with. */
  private byte[] serialised(Object entity) {
    return switch (entity) {
      case null -> new byte[0];
      case byte[] bytes -> bytes;
      case String text -> text.getBytes(StandardCharsets.UTF_8);
      default -> {
        try {
          yield json.writeValueAsBytes(entity);
        } catch (JsonProcessingException e) {
          throw new IllegalStateException("response not serialisable", e);
        }
      }
    };
  }

  /**
   * The body, read before this filter (readBody) and put back for the endpoint. An endpoint that
   * takes no body (a DELETE, an archive) has none read, and reading it here would block the event
   * loop: it counts as empty, since the endpoint ignores it anyway.
   */
  private static byte[] body(ResteasyReactiveContainerRequestContext request) {
    if (!(request.getServerRequestContext() instanceof ResteasyReactiveRequestContext context)
        || !context.hasInputStream()) {
      return new byte[0];
    }
    try {
      byte[] body = request.getEntityStream().readAllBytes();
      request.setEntityStream(new ByteArrayInputStream(body));
      return body;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
