package dev.engram.graph.belief;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Beliefs of the caller's tenant: read one, or revise one with evidence. */
@Path("/v1/beliefs")
@Tag(name = "beliefs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
public class BeliefResource {

  private final SecurityIdentity identity;
  private final BeliefService beliefs;

  BeliefResource(SecurityIdentity identity, BeliefService beliefs) {
    this.identity = identity;
    this.beliefs = beliefs;
  }

  @POST
  @Path("/evidence")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Revise the belief about a statement with evidence",
      description =
          "Creates the belief on its first evidence. NAL revision; in asymmetric mode"
              + " contradicting evidence weighs more. Returns the belief after revision.")
  public BeliefView addEvidence(@NotNull @Valid EvidenceRequest request) {
    return beliefs.addEvidence(Caller.of(identity).tenant(), request);
  }

  @GET
  @Path("/{id}")
  @Operation(summary = "A belief and its latest evidence")
  public BeliefView get(@PathParam("id") String id) {
    return beliefs.get(Caller.of(identity).tenant(), id);
  }

  @GET
  @Operation(summary = "The belief about a statement")
  public BeliefView byStatement(@QueryParam("statement") String statement) {
    if (statement == null || statement.isBlank()) {
      throw EngramException.invalid("statement", "required", "name the statement");
    }
    return beliefs.byStatement(Caller.of(identity).tenant(), statement);
  }
}
