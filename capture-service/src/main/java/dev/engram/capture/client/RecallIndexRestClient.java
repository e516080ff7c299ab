package dev.engram.capture.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** recall-service's internal index API (URL and timeouts: quarkus.rest-client.recall-index.*). */
@RegisterRestClient(configKey = "recall-index")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/index")
interface RecallIndexRestClient {

  @POST
  @Path("/operations")
  Uni<IndexOperation.Result> apply(IndexOperation.Batch batch);
}
