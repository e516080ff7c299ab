package dev.engram.capture.reindex;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code POST /v1/admin/reindex}: rebuilds the caller's tenant's index from the record, e.g. after
 * changing the embedding model. Progress is the outbox backlog (readiness, metrics).
 */
@Path("/v1/admin/reindex")
@RolesAllowed(Roles.ADMIN)
class ReindexResource {

  private final ReindexService reindex;
  private final SecurityIdentity identity;

  ReindexResource(ReindexService reindex, SecurityIdentity identity) {
    this.reindex = reindex;
    this.identity = identity;
  }

  @POST
  public Uni<RestResponse<ReindexService.Enqueued>> reindex() {
    return reindex
        .reindex(Caller.of(identity).tenant())
        .map(enqueued -> RestResponse.status(RestResponse.Status.ACCEPTED, enqueued));
  }
}
