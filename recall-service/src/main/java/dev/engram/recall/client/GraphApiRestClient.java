package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * graph-service's public entity and belief API, called with the caller's own key so graph-service
 * applies the tenant and visibility itself (quarkus.rest-client.graph-api.*).
 */
@RegisterRestClient(configKey = "graph-api")
@Path("/v1")
interface GraphApiRestClient {

  /** Null parameters are left out of the query string. */
  @GET
  @Path("/entities/{ref}/timeline")
  Uni<JsonNode> timeline(
      @BeanParam CallerHeaders caller,
      @PathParam("ref") String ref,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("predicate") String predicate,
      @QueryParam("limit") Integer limit,
      @QueryParam("mode") String mode);

  /** The belief about a statement, with its latest evidence (404 when there is none). */
  @GET
  @Path("/beliefs")
  Uni<JsonNode> belief(@BeanParam CallerHeaders caller, @QueryParam("statement") String statement);

  /** Does one thing lead to another, over facts and implication beliefs. */
  @POST
  @Path("/beliefs/infer")
  Uni<JsonNode> infer(@BeanParam CallerHeaders caller, Map<String, Object> body);

  /** A 4xx is the caller's to fix (as a refusal); a 5xx means graph-service is not serving. */
  @ClientExceptionMapper
  static RuntimeException refusal(Response response) {
    CaptureRefusal refusal = CaptureRefusal.of(response);
    return response.getStatus() < 500
        ? refusal
        : new CaptureUnavailable("graph-service answered " + response.getStatus(), refusal);
  }
}
