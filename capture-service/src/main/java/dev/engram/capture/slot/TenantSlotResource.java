package dev.engram.capture.slot;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The tenant's global notes ({@code /v1/tenant/slots/{name}}), shown first in every agent's
 * context: any key of the tenant reads them, only an admin key writes them (the service checks, so
 * an agent key gets 403 {@code tenant_slot_needs_admin}).
 */
@Idempotent
@Path("/v1/tenant/slots")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class TenantSlotResource {

  private final SlotService slots;
  private final SecurityIdentity identity;

  TenantSlotResource(SlotService slots, SecurityIdentity identity) {
    this.slots = slots;
    this.identity = identity;
  }

  @GET
  public Uni<SlotResource.SlotList> list() {
    Caller caller = Caller.of(identity);
    return slots
        .list(caller, SlotAddress.ofTenant(caller.tenant(), null))
        .map(SlotResource.SlotList::new);
  }

  @GET
  @Path("{name}")
  public Uni<SlotView> get(@PathParam("name") String name) {
    Caller caller = Caller.of(identity);
    return slots.get(caller, SlotAddress.ofTenant(caller.tenant(), name));
  }

  @PUT
  @Path("{name}")
  public Uni<SlotView> put(
      @PathParam("name") String name, @Valid @NotNull SlotResource.PutSlot body) {
    Caller caller = Caller.of(identity);
    return slots.put(
        caller,
        SlotAddress.ofTenant(caller.tenant(), name),
        body.content(),
        body.expectedVersion());
  }

  @DELETE
  @Path("{name}")
  public Uni<RestResponse<Void>> delete(
      @PathParam("name") String name, @QueryParam("expected_version") String expectedVersion) {
    Caller caller = Caller.of(identity);
    Integer version = QueryParams.intValue("expected_version", expectedVersion);
    return slots
        .delete(
            caller,
            SlotAddress.ofTenant(caller.tenant(), name),
            version == null ? null : version.longValue())
        .map(ignored -> RestResponse.noContent());
  }
}
