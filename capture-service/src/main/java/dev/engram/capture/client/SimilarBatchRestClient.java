package dev.engram.capture.client;

import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * recall-service's batched nearest-memory API. A client of its own (URL and timeouts:
 * quarkus.rest-client.recall-similar-batch.*) because a whole relation pass takes longer than the
 * one text semantic dedup waits for.
 */
@RegisterRestClient(configKey = "recall-similar-batch")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/similar/batch")
interface SimilarBatchRestClient {

  @POST
  Uni<SimilarMemories.BatchResult> similar(SimilarMemories.BatchRequest request);
}
