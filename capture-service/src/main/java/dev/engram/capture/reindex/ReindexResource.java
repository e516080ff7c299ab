package dev.engram.capture.reindex;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code POST /v1/admin/reindex[?target=recall|graph]}: rebuilds the caller's tenant's projections
 * from the record (both unless one is named), e.g. after changing the embedding model. Progress is
 * the outbox backlog (readiness, metrics).
 */
@Idempotent
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
  public Uni<RestResponse<ReindexService.Enqueued>> reindex(@QueryParam("target") String target) {
    Target only = QueryParams.enumValue("target", target, Target.class);
    List<Target> targets = only == null ? List.of(Target.RECALL, Target.GRAPH) : List.of(only);
    return reindex
        .reindex(Caller.of(identity).tenant(), targets)
        .map(enqueued -> RestResponse.status(RestResponse.Status.ACCEPTED, enqueued));
  }
}
