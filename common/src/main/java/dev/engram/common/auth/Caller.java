package dev.engram.common.auth;

import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;
import java.util.Set;

/**
 * Who is calling: the key id (for audit), the tenant the key acts for and its roles. Resources
 * resolve it once and pass it down, so the tenant always comes from the key, never from a body.
 */
public record Caller(String keyId, String tenant, Set<String> roles) {

  /** The caller behind an authenticated identity. */
  public static Caller of(SecurityIdentity identity) {
    if (identity == null || identity.isAnonymous()) {
      throw new UnauthorizedException();
    }
    String tenant = identity.getAttribute(ApiKeyIdentityProvider.TENANT_ATTRIBUTE);
    return new Caller(identity.getPrincipal().getName(), tenant, Set.copyOf(identity.getRoles()));
  }

  public boolean has(String role) {
    return roles.contains(role);
  }

  /** True for another Engram service, which acts for the tenant named in each record. */
  public boolean internal() {
    return has(Roles.INTERNAL);
  }

  /**
   * True for a key of tenant {@code *}: an internal key, or an operator's key for the whole suite
   * (whole-suite backups and restores), as opposed to one tenant's.
   */
  public boolean everyTenant() {
    return ApiKey.ANY_TENANT.equals(tenant);
  }
}
