package dev.engram.recall.recall;

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

/** Hybrid recall for agent gateways: the tenant is the key's, agent and chat narrow it down. */
@Path("/v1/recall")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class RecallResource {

  private final RecallService service;
  private final SecurityIdentity identity;
  private final FairShare share;

  RecallResource(RecallService service, SecurityIdentity identity, FairShare share) {
    this.service = service;
    this.identity = identity;
    this.share = share;
  }

  @POST
  @Blocking
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Recall memories and exchanges",
      description =
          "Semantic, keyword, recency, graph, thread and entity signals fused by weighted"
              + " reciprocal rank fusion, within GLOBAL, AGENT (agent) and CHAT (agent, chat)"
              + " memories and the exchanges of (agent, chat), narrowed by the filters.")
  public RecallResponse recall(@NotNull @Valid RecallRequest request) {
    Caller caller = Caller.of(identity);
    return share.get(
        caller.keyId(), caller.roles(), () -> service.recall(caller.tenant(), request));
  }
}
