package dev.engram.capture.slot;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.web.Names;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

/**
 * {@code POST /v1/sessions/{id}/end}: the session is over; its thread's handoff slot is written
 * (key topics, open commitments, last exchanges) for the next session to start from.
 */
@Idempotent
@Path("/v1/sessions/{id}/end")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class SessionResource {

  /** Whose session it was and which thread gets the handoff. */
  record End(
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String thread) {}

  private final HandoffComposer handoffs;
  private final SecurityIdentity identity;

  SessionResource(HandoffComposer handoffs, SecurityIdentity identity) {
    this.handoffs = handoffs;
    this.identity = identity;
  }

  @POST
  public Uni<SlotView> end(@PathParam("id") String session, @Valid @NotNull End body) {
    SlotAddress.of(body.agent(), SlotOwner.SESSION, session, null);
    return handoffs.end(Caller.of(identity), session, body.agent(), body.thread());
  }
}
