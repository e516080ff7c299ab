package dev.engram.recall.context;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.recall.share.FairShare;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Context assembly for agent gateways: one block to put in front of the model, in budget. */
@Path("/v1/context")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class ContextResource {

  private final ContextService service;
  private final SecurityIdentity identity;
  private final FairShare share;

  ContextResource(ContextService service, SecurityIdentity identity, FairShare share) {
    this.service = service;
    this.identity = identity;
    this.share = share;
  }

  @POST
  @Blocking
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Assemble a context block",
      description =
          "Slots, then L0 identity (PROFILE), L1 essential (highest confidence) and L2 relevance"
              + " (recall on the query), within budget_tokens counted by a BPE tokenizer.")
  public ContextResponse context(@NotNull @Valid ContextRequest request) {
    Caller caller = Caller.of(identity);
    return share.get(
        caller.keyId(), caller.roles(), () -> service.context(caller.tenant(), request));
  }
}
