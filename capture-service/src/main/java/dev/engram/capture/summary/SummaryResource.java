package dev.engram.capture.summary;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

/** Expands a summary to what it was made of: {@code GET /v1/memories/{id}/children}. */
@Path("/v1/memories/{id}/children")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class SummaryResource {

  private final SummaryChildren children;
  private final SecurityIdentity identity;

  SummaryResource(SummaryChildren children, SecurityIdentity identity) {
    this.children = children;
    this.identity = identity;
  }

  @GET
  public Uni<SummaryChildren.Children> children(@PathParam("id") long id) {
    return children.of(Caller.of(identity), id);
  }
}
