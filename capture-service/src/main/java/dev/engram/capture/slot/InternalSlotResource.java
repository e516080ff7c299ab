package dev.engram.capture.slot;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.time.Instant;
import java.util.List;

/**
 * {@code GET /internal/v1/slots?tenant&agent&session&thread}: the slots recall-service puts first
 * into an assembled context — the agent's own, the session's and the thread's. Quarantined slots
 * are never served.
 */
@Path("/internal/v1/slots")
@RolesAllowed(Roles.INTERNAL)
class InternalSlotResource {

  /** One slot as context assembly needs it. */
  record ContextSlot(
      SlotOwner ownerType,
      String ownerId,
      String name,
      String content,
      int tokens,
      long version,
      Instant updatedAt) {}

  /** The response body. */
  record Slots(List<ContextSlot> slots) {}

  @GET
  @WithSession
  public Uni<Slots> slots(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("session") String session,
      @QueryParam("thread") String thread) {
    if (tenant == null || tenant.isBlank()) {
      throw EngramException.invalid("tenant", "NotBlank", "is required");
    }
    if (agent == null || agent.isBlank()) {
      throw EngramException.invalid("agent", "NotBlank", "is required");
    }
    StringBuilder where =
        new StringBuilder(
            "tenant = :tenant and agent = :agent and status = :active and ((ownerType = :agentOwner"
                + " and ownerId = :agent)");
    Parameters params =
        Parameters.with("tenant", tenant)
            .and("agent", agent)
            .and("active", SlotStatus.ACTIVE)
            .and("agentOwner", SlotOwner.AGENT);
    if (session != null && !session.isBlank()) {
      where.append(" or (ownerType = :sessionOwner and ownerId = :session)");
      params.and("sessionOwner", SlotOwner.SESSION).and("session", session);
    }
    if (thread != null && !thread.isBlank()) {
      where.append(" or (ownerType = :threadOwner and ownerId = :thread)");
      params.and("threadOwner", SlotOwner.THREAD).and("thread", thread);
    }
    where.append(")");
    return Slot.<Slot>find(where.toString(), Sort.by("ownerType").and("name"), params)
        .list()
        .map(
            rows ->
                new Slots(
                    rows.stream()
                        .map(
                            s ->
                                new ContextSlot(
                                    s.ownerType,
                                    s.ownerId,
                                    s.name,
                                    s.content,
                                    s.tokens,
                                    s.version,
                                    s.updatedAt))
                        .toList()));
  }
}
