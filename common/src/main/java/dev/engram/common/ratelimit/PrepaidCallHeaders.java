package dev.engram.common.ratelimit;

import dev.engram.common.config.ServicesConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;

/**
 * Marks a call made with a caller's own key on that caller's behalf, by a service that has already
 * charged the caller for it (recall-service's MCP tools and its session endpoint forwarding to
 * capture-service): {@value #HEADER} carries this service's internal key, and {@link
 * RateLimitFilter} on the other side does not charge the caller's key a second time. Only a holder
 * of an internal key can make the mark; without one configured nothing is added.
 */
@ApplicationScoped
public class PrepaidCallHeaders implements ClientHeadersFactory {

  /** The header; its value is an internal key. */
  public static final String HEADER = "X-Engram-Prepaid";

  private final ServicesConfig config;

  PrepaidCallHeaders(ServicesConfig config) {
    this.config = config;
  }

  @Override
  public MultivaluedMap<String, String> update(
      MultivaluedMap<String, String> incoming, MultivaluedMap<String, String> outgoing) {
    MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
    config.internalKey().ifPresent(key -> headers.putSingle(HEADER, key));
    return headers;
  }
}
