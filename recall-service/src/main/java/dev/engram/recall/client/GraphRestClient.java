package dev.engram.recall.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * graph-service's internal neighbours and current-facts API (URL and socket timeouts:
 * quarkus.rest-client.graph.*).
 */
@RegisterRestClient(configKey = "graph")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/graph")
interface GraphRestClient {

  @POST
  @Path("/neighbours")
  Uni<GraphWire.NeighboursResponse> neighbours(GraphWire.NeighboursRequest request);

  @POST
  @Path("/facts/current")
  Uni<GraphWire.CurrentFactsResponse> currentFacts(GraphWire.CurrentFactsRequest request);
}
