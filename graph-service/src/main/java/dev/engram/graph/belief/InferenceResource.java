package dev.engram.graph.belief;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Deduction over the caller's tenant's facts and implication beliefs. */
@Path("/v1/beliefs/infer")
@Tag(name = "beliefs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
public class InferenceResource {

  private final SecurityIdentity identity;
  private final InferenceService inference;

  InferenceResource(SecurityIdentity identity, InferenceService inference) {
    this.identity = identity;
    this.inference = inference;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary = "Does one thing lead to another? The chains and their deduced truth value",
      description =
          "NAL deduction (A→B ⟨f1,c1⟩, B→C ⟨f2,c2⟩ ⊢ A→C with f = f1·f2, c = f1·f2·c1·c2) over"
              + " current facts (strength 1, their confidence) and beliefs stated as 'A → B'. The"
              + " conclusion is marked inferred and never stored.")
  public Inference infer(@NotNull @Valid InferRequest request) {
    return inference.infer(Caller.of(identity).tenant(), request);
  }
}
