package dev.engram.common.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * Reads {@code Authorization: Bearer <key>}. No header leaves the request anonymous (so open
 * endpoints such as health stay open, and protected ones answer 401); a malformed header fails.
 */
@ApplicationScoped
class ApiKeyAuthenticationMechanism implements HttpAuthenticationMechanism {

  private static final String PREFIX = "bearer ";

  @Override
  public Uni<SecurityIdentity> authenticate(
      RoutingContext context, IdentityProviderManager identityProviderManager) {
    String header = context.request().getHeader("Authorization");
    if (header == null) {
      return Uni.createFrom().nullItem();
    }
    if (header.length() <= PREFIX.length()
        || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return Uni.createFrom().failure(new AuthenticationFailedException("not a bearer token"));
    }
    String key = header.substring(PREFIX.length()).strip();
    return identityProviderManager.authenticate(new ApiKeyAuthenticationRequest(key));
  }

  @Override
  public Uni<ChallengeData> getChallenge(RoutingContext context) {
    return Uni.createFrom()
        .item(new ChallengeData(401, "WWW-Authenticate", "Bearer realm=\"engram\""));
  }

  @Override
  public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
    return Set.of(ApiKeyAuthenticationRequest.class);
  }

  @Override
  public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
    return Uni.createFrom()
        .item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer"));
  }
}
