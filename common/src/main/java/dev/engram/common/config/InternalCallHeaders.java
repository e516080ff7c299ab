package dev.engram.common.config;

import dev.engram.common.correlation.CorrelationId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.UUID;
import org.eclipse.microprofile.rest.client.ext.ClientHeadersFactory;

/**
 * Headers for a call to another Engram service: the internal key and the caller's correlation id (a
 * fresh one for background work such as the outbox dispatcher).
 */
@ApplicationScoped
public class InternalCallHeaders implements ClientHeadersFactory {

  private final ServicesConfig config;

  InternalCallHeaders(ServicesConfig config) {
    this.config = config;
  }

  @Override
  public MultivaluedMap<String, String> update(
      MultivaluedMap<String, String> incoming, MultivaluedMap<String, String> outgoing) {
    MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
    config.internalKey().ifPresent(key -> headers.putSingle("Authorization", "Bearer " + key));
    String correlation = incoming == null ? null : incoming.getFirst(CorrelationId.HEADER);
    headers.putSingle(
        CorrelationId.HEADER, correlation != null ? correlation : UUID.randomUUID().toString());
    return headers;
  }
}
