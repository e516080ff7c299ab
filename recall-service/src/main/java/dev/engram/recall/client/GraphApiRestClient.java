package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * graph-service's public entity API, called with the caller's own key so graph-service applies the
 * tenant and visibility itself (quarkus.rest-client.graph-api.*).
 */
@RegisterRestClient(configKey = "graph-api")
@Path("/v1/entities")
interface GraphApiRestClient {

  /** Null parameters are left out of the query string. */
  @GET
  @Path("/{ref}/timeline")
  Uni<JsonNode> timeline(
      @BeanParam CallerHeaders caller,
      @PathParam("ref") String ref,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("predicate") String predicate,
      @QueryParam("limit") Integer limit,
      @QueryParam("mode") String mode);

  /** A 4xx is the caller's to fix (as a refusal); a 5xx means graph-service is not serving. */
  @ClientExceptionMapper
  static RuntimeException refusal(Response response) {
    CaptureRefusal refusal = CaptureRefusal.of(response);
    return response.getStatus() < 500
        ? refusal
        : new CaptureUnavailable("graph-service answered " + response.getStatus(), refusal);
  }
}
