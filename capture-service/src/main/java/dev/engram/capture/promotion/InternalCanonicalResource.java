package dev.engram.capture.promotion;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/**
 * {@code GET /internal/v1/canonical?tenant&agent[&chat]}: the canonical memories recall-service
 * puts first in a context's identity layer (ACTIVE, unexpired, visible to the agent and chat).
 */
@Path("/internal/v1/canonical")
@RolesAllowed(Roles.INTERNAL)
class InternalCanonicalResource {

  private final PromotionService promotions;

  InternalCanonicalResource(PromotionService promotions) {
    this.promotions = promotions;
  }

  @GET
  public Uni<PromotionRequests.Canonical> canonical(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat) {
    if (tenant == null || tenant.isBlank()) {
      throw EngramException.invalid("tenant", "NotBlank", "is required");
    }
    if (agent == null || agent.isBlank()) {
      throw EngramException.invalid("agent", "NotBlank", "is required");
    }
    return promotions.canonical(tenant, agent, chat);
  }
}
