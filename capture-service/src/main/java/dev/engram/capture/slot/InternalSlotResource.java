package dev.engram.capture.slot;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/**
 * {@code GET /internal/v1/slots?tenant&agent&chat&session&thread}: the slots recall-service puts
 * first into an assembled context — the tenant's global notes, the agent's own, then the chat's,
 * the session's and the thread's, in that order. Quarantined slots are never served.
 */
@Path("/internal/v1/slots")
@RolesAllowed(Roles.INTERNAL)
class InternalSlotResource {

  private final SlotService slots;

  InternalSlotResource(SlotService slots) {
    this.slots = slots;
  }

  @GET
  @WithSession
  public Uni<ContextSlots> slots(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("session") String session,
      @QueryParam("thread") String thread) {
    if (tenant == null || tenant.isBlank()) {
      throw EngramException.invalid("tenant", "NotBlank", "is required");
    }
    if (agent == null || agent.isBlank()) {
      throw EngramException.invalid("agent", "NotBlank", "is required");
    }
    return slots.forContext(tenant, agent, chat, session, thread);
  }
}
