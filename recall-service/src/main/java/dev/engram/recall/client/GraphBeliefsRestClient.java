package dev.engram.recall.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** graph-service's internal beliefs API (the same quarkus.rest-client.graph.* settings). */
@RegisterRestClient(configKey = "graph")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/graph/beliefs")
interface GraphBeliefsRestClient {

  @POST
  @Path("/about")
  Uni<BeliefsWire.AboutResponse> about(BeliefsWire.AboutRequest request);
}
