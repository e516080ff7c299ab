package dev.engram.capture.prior;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/**
 * {@code POST /v1/priors}: uploads a Markdown document as knowledge priors of the caller's tenant.
 */
@Idempotent
@Path("/v1/priors")
@RolesAllowed(Roles.ADMIN)
class PriorResource {

  /** The document: a file-like name (its chunks are replaced on re-upload) and its Markdown. */
  record Upload(
      @NotNull
          @Pattern(
              regexp = "^[\\w][\\w ./-]{0,199}$",
              message = "must be a file name such as handbook.md")
          String name,
      @NotBlank String content) {}

  private final PriorService priors;
  private final SecurityIdentity identity;

  PriorResource(PriorService priors, SecurityIdentity identity) {
    this.priors = priors;
    this.identity = identity;
  }

  @POST
  public Uni<PriorService.Imported> upload(@Valid @NotNull Upload body) {
    return priors.importDocument(Caller.of(identity), body.name(), body.content());
  }
}
