package dev.engram.capture.keys;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.List;

/**
 * {@code GET /v1/keys/me}: who the presented key is (its id, tenant and roles), so a client such as
 * the console can check a key and say what it may do without trying a write. Reads nothing but the
 * key itself; the key's hash and the other keys are never shown.
 */
@Path("/v1/keys/me")
@RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.OPS})
class KeyResource {

  /** The presented key: roles sorted, so the answer is the same on every call. */
  record Me(String keyId, String tenant, List<String> roles) {}

  private final SecurityIdentity identity;

  KeyResource(SecurityIdentity identity) {
    this.identity = identity;
  }

  @GET
  public Me me() {
    Caller caller = Caller.of(identity);
    return new Me(caller.keyId(), caller.tenant(), caller.roles().stream().sorted().toList());
  }
}
