package dev.engram.capture.stats;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/**
 * {@code GET /v1/stats}: the caller's tenant at a glance — memory pool health (active, archived,
 * superseded, quarantined, low-confidence), exchanges and what the gate held back, facts, the
 * Reflector's backlog and totals (extraction counts and throughput), the outbox per projection.
 */
@Path("/v1/stats")
@RolesAllowed({Roles.ADMIN, Roles.OPS})
class StatsResource {

  private final StatsService stats;
  private final SecurityIdentity identity;

  StatsResource(StatsService stats, SecurityIdentity identity) {
    this.stats = stats;
    this.identity = identity;
  }

  @GET
  @WithSession
  public Uni<TenantStats> stats() {
    return stats.of(Caller.of(identity));
  }
}
