package dev.engram.capture.reindex;

import dev.engram.capture.outbox.OutboxEvent.Target;
import dev.engram.common.auth.Roles;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@code POST /internal/v1/reproject {"tenant"?, "targets"?}}: what {@code POST /v1/admin/reindex}
 * does, for the vault after a restore — one tenant, or every tenant in the record when {@code
 * tenant} is omitted; both projections unless {@code targets} names some.
 */
@Path("/internal/v1/reproject")
@RolesAllowed(Roles.INTERNAL)
class ReprojectResource {

  /** The request body; both fields optional. */
  record ReprojectRequest(String tenant, List<Target> targets) {}

  /** What was enqueued, per tenant. */
  record Reprojected(List<ReindexService.Enqueued> tenants) {}

  private final ReindexService reindex;

  ReprojectResource(ReindexService reindex) {
    this.reindex = reindex;
  }

  @POST
  public Uni<RestResponse<Reprojected>> reproject(ReprojectRequest request) {
    List<Target> targets =
        request == null || request.targets() == null || request.targets().isEmpty()
            ? List.of(Target.RECALL, Target.GRAPH)
            : request.targets().stream().distinct().toList();
    String tenant = request == null ? null : request.tenant();
    Uni<List<String>> tenants =
        tenant != null && !tenant.isBlank()
            ? Uni.createFrom().item(List.of(tenant.strip()))
            : reindex.tenants();
    return tenants
        .chain(
            all ->
                Multi.createFrom()
                    .iterable(all)
                    .onItem()
                    .transformToUniAndConcatenate(one -> reindex.reindex(one, targets))
                    .collect()
                    .asList())
        .map(
            enqueued ->
                RestResponse.status(RestResponse.Status.ACCEPTED, new Reprojected(enqueued)));
  }
}
