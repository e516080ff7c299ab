package dev.engram.recall.session;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.recall.client.MemoriesClient;
import dev.engram.recall.share.FairShare;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Session start for agent gateways: record the session, get its warm-start context. */
@Path("/v1/sessions")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class SessionResource {

  private final SessionService service;
  private final SecurityIdentity identity;
  private final FairShare share;

  SessionResource(SessionService service, SecurityIdentity identity, FairShare share) {
    this.service = service;
    this.identity = identity;
    this.share = share;
  }

  @POST
  @Path("/start")
  @Blocking
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Start a session",
      description =
          "Records the session through capture-service (POST /v1/sessions, with the caller's key)"
              + " and answers it with the context for (agent, chat, thread, session) within"
              + " budget_tokens, first_message as the query. 503 when capture-service is down.")
  public SessionStart start(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam(CorrelationId.HEADER) String correlation,
      @NotNull @Valid SessionStartRequest request) {
    Caller caller = Caller.of(identity);
    var as = new MemoriesClient.As(authorization, correlation);
    return share.get(
        caller.keyId(), caller.roles(), () -> service.start(caller.tenant(), as, request));
  }
}
