package dev.engram.capture.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** recall-service's nearest-memory API (URL and timeouts: quarkus.rest-client.recall-similar.*). */
@RegisterRestClient(configKey = "recall-similar")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/similar")
interface SimilarRestClient {

  @POST
  Uni<SimilarMemories.Result> similar(SimilarMemories.Request request);
}
