package dev.engram.common.auth;

import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * The configured key a request presents, for route filters that run before Quarkus resolves the
 * identity (internal auth before content negotiation, rate limits by key id).
 */
@ApplicationScoped
public class PresentedKeys {

  private static final String PREFIX = "bearer ";

  private final ApiKeyRegistry registry;

  PresentedKeys(ApiKeyRegistry registry) {
    this.registry = registry;
  }

  /** The key behind {@code Authorization: Bearer <key>}, or empty when absent or unknown. */
  public Optional<ApiKey> of(HttpServerRequest request) {
    String header = request.getHeader("Authorization");
    if (header == null
        || header.length() <= PREFIX.length()
        || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      return Optional.empty();
    }
    return registry.lookup(header.substring(PREFIX.length()).strip());
  }
}
