package dev.engram.capture.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** graph-service's internal graph API (URL and timeouts: quarkus.rest-client.graph-ops.*). */
@RegisterRestClient(configKey = "graph-ops")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/graph")
interface GraphOpsRestClient {

  @POST
  @Path("/operations")
  Uni<GraphOperation.Result> apply(GraphOperation.Batch batch);
}
