package dev.engram.capture.fact;

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
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.Locale;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code POST /v1/facts} states a fact, {@code POST /v1/facts/{id}/invalidate} ends one. {@code GET
 * /v1/facts?agent&chat&subject&predicate&current&status&limit&cursor}: the facts of the record,
 * newest first. {@code current} (default true) keeps those still believed (not invalidated,
 * ACTIVE); {@code current=false} shows the whole history, superseded and quarantined ones included.
 */
@Idempotent
@Path("/v1/facts")
@RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.OPS})
class FactResource {

  private final FactService facts;
  private final FactWrites writes;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  FactResource(FactService facts, FactWrites writes, PageSize pageSize, SecurityIdentity identity) {
    this.facts = facts;
    this.writes = writes;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @POST
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  public Uni<RestResponse<FactView>> add(@Valid @NotNull FactRequests.Add body) {
    // No Location: facts are read through the listing, there is no GET /v1/facts/{id}.
    return writes
        .add(Caller.of(identity), body)
        .map(view -> RestResponse.status(RestResponse.Status.CREATED, view));
  }

  @POST
  @Path("/{id}/invalidate")
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  public Uni<FactView> invalidate(@PathParam("id") long id, @Valid FactRequests.Invalidate body) {
    return writes.invalidate(
        Caller.of(identity),
        id,
        body == null ? new FactRequests.Invalidate(null, null, null) : body);
  }

  @GET
  @WithSession
  public Uni<FactService.Page> list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("subject") String subject,
      @QueryParam("predicate") String predicate,
      @QueryParam("current") String current,
      @QueryParam("status") String status,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    int size = pageSize.of(QueryParams.intValue("limit", limit), 50);
    FactStatus wanted = QueryParams.enumValue("status", status, FactStatus.class);
    boolean onlyCurrent = current == null || current.isBlank() || bool("current", current);
    FactFilter filter =
        new FactFilter(
            agent, chat, subject, predicate, onlyCurrent, wanted, Cursors.before(cursor), size);
    return facts.list(Caller.of(identity), filter);
  }

  private static boolean bool(String name, String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw EngramException.invalid(name, "boolean", "must be true or false");
    };
  }
}
