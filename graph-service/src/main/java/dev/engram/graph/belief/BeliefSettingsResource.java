package dev.engram.graph.belief;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.graph.config.GraphConfig.Beliefs.Rule;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The caller's tenant's belief settings: which revision rule its evidence is merged with. */
@Path("/v1/beliefs/settings")
@Tag(name = "beliefs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(Roles.ADMIN)
public class BeliefSettingsResource {

  private final SecurityIdentity identity;
  private final BeliefSettings settings;

  BeliefSettingsResource(SecurityIdentity identity, BeliefSettings settings) {
    this.identity = identity;
    this.settings = settings;
  }

  /** Body of {@code PUT /v1/beliefs/settings}. */
  record Request(@NotNull Rule rule) {}

  @GET
  @Operation(summary = "The tenant's revision rule (NAL or EMA) and the default")
  public BeliefSettings.View get() {
    return settings.get(Caller.of(identity).tenant());
  }

  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Choose the tenant's revision rule",
      description =
          "NAL revision pools evidence weights; EMA steps towards each evidence, 0.15 of the way"
              + " when it agrees and 0.30 when it contradicts. Stored beliefs are kept; the next"
              + " evidence is revised with the new rule.")
  public BeliefSettings.View put(@NotNull @Valid Request request) {
    return settings.set(Caller.of(identity).tenant(), request.rule());
  }
}
