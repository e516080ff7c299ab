package dev.engram.capture.session;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.Cursors;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.Names;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Sessions of an agent ({@code /v1/sessions}): start (recorded; a retry of the same id answers the
 * stored session), list (newest first, by agent and chat), read, end (handoff, summary for the day
 * view, a Reflector run on the chat) and checkpoint (before a gateway compacts its context).
 */
@Idempotent
@Path("/v1/sessions")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class SessionResource {

  private final SessionService sessions;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  SessionResource(SessionService sessions, PageSize pageSize, SecurityIdentity identity) {
    this.sessions = sessions;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  /** 201 when this request recorded the session, 200 when it was recorded already. */
  @POST
  public Uni<RestResponse<SessionView>> start(@Valid @NotNull SessionRequests.Start body) {
    return sessions
        .start(Caller.of(identity), body)
        .map(
            r ->
                r.created()
                    ? RestResponse.status(RestResponse.Status.CREATED, r.session())
                    : RestResponse.ok(r.session()));
  }

  /** The tenant's sessions, newest first, of one agent and chat when given; paged like memories. */
  @GET
  public Uni<SessionRequests.Page> list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    optionalName("agent", agent);
    optionalName("chat", chat);
    return sessions.list(
        Caller.of(identity),
        agent,
        chat,
        Cursors.before(cursor),
        pageSize.of(QueryParams.intValue("limit", limit), 50));
  }

  @GET
  @Path("{id}")
  public Uni<SessionView> get(@PathParam("id") String id, @QueryParam("agent") String agent) {
    requireName("session", id);
    requireName("agent", agent);
    return sessions.get(Caller.of(identity), agent, id);
  }

  @POST
  @Path("{id}/end")
  public Uni<SessionRequests.Ended> end(
      @PathParam("id") String id, @Valid @NotNull SessionRequests.End body) {
    requireName("session", id);
    return sessions.end(Caller.of(identity), id, body);
  }

  @POST
  @Path("{id}/checkpoint")
  public Uni<RestResponse<SessionRequests.Checkpointed>> checkpoint(
      @PathParam("id") String id, @Valid @NotNull SessionRequests.Checkpoint body) {
    requireName("session", id);
    return sessions
        .checkpoint(Caller.of(identity), id, body)
        .map(c -> RestResponse.status(RestResponse.Status.CREATED, c));
  }

  private static void optionalName(String field, String value) {
    if (value != null) {
      requireName(field, value);
    }
  }

  private static void requireName(String field, String value) {
    if (value == null || !value.matches(Names.PATTERN)) {
      throw EngramException.invalid(field, "Pattern", Names.MESSAGE);
    }
  }
}
