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
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Slots of an agent ({@code /v1/agents/{agent}/slots/{name}}, e.g. hot context) and of one of its
 * chats, sessions or threads ({@code /v1/agents/{agent}/chats/{id}/slots/{name}}, the chat's notes;
 * {@code .../sessions/{id}/slots/{name}}, e.g. working memory; {@code
 * .../threads/{id}/slots/{name}}, e.g. the handoff).
 */
@Idempotent
@Path("/v1/agents/{agent}")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class SlotResource {

  private static final String OWNED = "{owners: chats|sessions|threads}/{owner}/slots";

  /** {@code PUT} body. */
  record PutSlot(@NotNull String content, @PositiveOrZero Long expectedVersion) {}

  /** A listing. */
  record SlotList(List<SlotView> items) {}

  private final SlotService slots;
  private final SecurityIdentity identity;

  SlotResource(SlotService slots, SecurityIdentity identity) {
    this.slots = slots;
    this.identity = identity;
  }

  @GET
  @Path("slots")
  public Uni<SlotList> listAgent(@PathParam("agent") String agent) {
    return slots.list(caller(), agentSlot(agent, null)).map(SlotList::new);
  }

  @GET
  @Path("slots/{name}")
  public Uni<SlotView> getAgent(@PathParam("agent") String agent, @PathParam("name") String name) {
    return slots.get(caller(), agentSlot(agent, name));
  }

  @PUT
  @Path("slots/{name}")
  public Uni<SlotView> putAgent(
      @PathParam("agent") String agent,
      @PathParam("name") String name,
      @Valid @NotNull PutSlot body) {
    return slots.put(caller(), agentSlot(agent, name), body.content(), body.expectedVersion());
  }

  @DELETE
  @Path("slots/{name}")
  public Uni<RestResponse<Void>> deleteAgent(
      @PathParam("agent") String agent,
      @PathParam("name") String name,
      @QueryParam("expected_version") String expectedVersion) {
    return slots
        .delete(caller(), agentSlot(agent, name), version(expectedVersion))
        .map(ignored -> RestResponse.noContent());
  }

  @GET
  @Path(OWNED)
  public Uni<SlotList> listOwned(
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner) {
    return slots.list(caller(), ownedSlot(agent, owners, owner, null)).map(SlotList::new);
  }

  @GET
  @Path(OWNED + "/{name}")
  public Uni<SlotView> getOwned(
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner,
      @PathParam("name") String name) {
    return slots.get(caller(), ownedSlot(agent, owners, owner, name));
  }

  @PUT
  @Path(OWNED + "/{name}")
  public Uni<SlotView> putOwned(
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner,
      @PathParam("name") String name,
      @Valid @NotNull PutSlot body) {
    return slots.put(
        caller(), ownedSlot(agent, owners, owner, name), body.content(), body.expectedVersion());
  }

  @DELETE
  @Path(OWNED + "/{name}")
  public Uni<RestResponse<Void>> deleteOwned(
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner,
      @PathParam("name") String name,
      @QueryParam("expected_version") String expectedVersion) {
    return slots
        .delete(caller(), ownedSlot(agent, owners, owner, name), version(expectedVersion))
        .map(ignored -> RestResponse.noContent());
  }

  private Caller caller() {
    return Caller.of(identity);
  }

  private static SlotAddress agentSlot(String agent, String name) {
    return SlotAddress.of(agent, SlotOwner.AGENT, agent, name);
  }

  private static SlotAddress ownedSlot(String agent, String owners, String owner, String name) {
    return SlotAddress.of(agent, SlotAddress.owner(owners), owner, name);
  }

  private static Long version(String value) {
    Integer parsed = QueryParams.intValue("expected_version", value);
    return parsed == null ? null : parsed.longValue();
  }
}
