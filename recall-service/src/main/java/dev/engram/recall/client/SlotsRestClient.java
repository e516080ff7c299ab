package dev.engram.recall.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** capture-service's internal slots API (URL and socket timeouts: quarkus.rest-client.slots.*). */
@RegisterRestClient(configKey = "slots")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/slots")
interface SlotsRestClient {

  /** Null parameters are left out of the query string. */
  @GET
  Uni<SlotsWire.SlotsResponse> slots(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("session") String session,
      @QueryParam("thread") String thread);
}
