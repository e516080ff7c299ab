package dev.engram.common.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Turns a presented key into an identity: principal = key id, roles, and the key's tenant. */
@ApplicationScoped
class ApiKeyIdentityProvider implements IdentityProvider<ApiKeyAuthenticationRequest> {

  static final String TENANT_ATTRIBUTE = "engram.tenant";

  private final ApiKeyRegistry registry;

  ApiKeyIdentityProvider(ApiKeyRegistry registry) {
    this.registry = registry;
  }

  @Override
  public Class<ApiKeyAuthenticationRequest> getRequestType() {
    return ApiKeyAuthenticationRequest.class;
  }

  @Override
  public Uni<SecurityIdentity> authenticate(
      ApiKeyAuthenticationRequest request, AuthenticationRequestContext context) {
    return registry
        .lookup(request.key())
        .<Uni<SecurityIdentity>>map(
            key ->
                Uni.createFrom()
                    .item(
                        QuarkusSecurityIdentity.builder()
                            .setPrincipal(new QuarkusPrincipal(key.id()))
                            .addRoles(key.roles())
                            .addAttribute(TENANT_ATTRIBUTE, key.tenant())
                            .build()))
        .orElseGet(
            () -> Uni.createFrom().failure(new AuthenticationFailedException("unknown API key")));
  }
}
