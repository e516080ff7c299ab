package dev.engram.capture.reflector;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.Cursors;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;

/**
 * The Reflector over REST: run it now over the caller's tenant (or one chat of it) and get the run
 * record back, and read past run records.
 */
@Idempotent
@Path("/v1/reflector")
class ReflectorResource {

  private final Reflector reflector;
  private final RunHistory history;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  ReflectorResource(
      Reflector reflector, RunHistory history, PageSize pageSize, SecurityIdentity identity) {
    this.reflector = reflector;
    this.history = history;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  /** Runs the Reflector now and answers with the run record once it finished. */
  @POST
  @Path("/run")
  @RolesAllowed(Roles.ADMIN)
  public Uni<RunView> run(@QueryParam("agent") String agent, @QueryParam("chat") String chat) {
    if ((agent == null) != (chat == null)) {
      throw EngramException.invalid(
          agent == null ? "agent" : "chat", "together", "give both agent and chat, or neither");
    }
    String tenant = Caller.of(identity).tenant();
    return reflector
        .run(ReflectorRun.Trigger.MANUAL, new Reflector.Scope(tenant, agent, chat))
        .map(runs -> RunView.of(runs.getFirst()));
  }

  @GET
  @Path("/runs")
  @RolesAllowed({Roles.ADMIN, Roles.OPS})
  @WithSession
  public Uni<RunHistory.Runs> runs(
      @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
    int size = pageSize.of(QueryParams.intValue("limit", limit), 20);
    Long before = Cursors.before(cursor);
    return history.page(Caller.of(identity), before, size);
  }

  @GET
  @Path("/runs/{id}")
  @RolesAllowed({Roles.ADMIN, Roles.OPS})
  @WithSession
  public Uni<RunView> get(@PathParam("id") long id) {
    return history.get(Caller.of(identity), id);
  }
}
