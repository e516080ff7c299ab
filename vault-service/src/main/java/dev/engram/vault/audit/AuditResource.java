package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.vault.SuiteOperator;
import dev.engram.vault.VaultError;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The audit spans every tenant's record, index and graph, so only operators run it. */
@Path("/v1/audit")
@Tag(name = "audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

  private final AuditService audits;
  private final SecurityIdentity identity;

  AuditResource(AuditService audits, SecurityIdentity identity) {
    this.audits = audits;
    this.identity = identity;
  }

  @POST
  @RolesAllowed(Roles.OPS)
  @Operation(
      summary = "Audit the record, the index and the graph",
      description =
          "200 with one report: integrity (content hashes, audit log), consistency (record vs"
              + " index vs graph per tenant), topology (orphans, centrality spikes since the"
              + " previous audit) and contradictions. A source that is down leaves its sections"
              + " not computed (summary.ok false), never a 5xx. The report is kept as the last"
              + " audit.")
  public JsonNode run() {
    SuiteOperator.require(identity);
    return audits.run();
  }

  @GET
  @Path("/last")
  @RolesAllowed(Roles.OPS)
  @Operation(summary = "The last audit's report; 404 audit_not_found before the first audit")
  public JsonNode last() {
    SuiteOperator.require(identity);
    return audits
        .last()
        .orElseThrow(() -> new EngramException(VaultError.AUDIT_NOT_FOUND, "No audit yet"));
  }
}
