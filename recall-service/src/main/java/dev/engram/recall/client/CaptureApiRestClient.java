package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.ratelimit.PrepaidCallHeaders;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * capture-service's public API beyond the memory rows MicroClaw reads: exchanges, explicit
 * remember, delete, facts, slots (notes), sessions, promotions and stats, called with the caller's
 * own key (quarkus.rest-client.capture.*). Answers are passed on as capture wrote them.
 */
@RegisterRestClient(configKey = "capture")
@RegisterClientHeaders(PrepaidCallHeaders.class)
@Path("/v1")
interface CaptureApiRestClient {

  @POST
  @Path("/memories")
  Uni<JsonNode> remember(@BeanParam CallerHeaders caller, Map<String, Object> body);

  @DELETE
  @Path("/memories/{id}")
  Uni<Void> delete(@BeanParam CallerHeaders caller, @PathParam("id") long id);

  @POST
  @Path("/exchanges")
  Uni<JsonNode> appendExchanges(
      @BeanParam CallerHeaders caller,
      @HeaderParam("Idempotency-Key") String idempotencyKey,
      Map<String, Object> body);

  @GET
  @Path("/promotions")
  Uni<JsonNode> promotions(
      @BeanParam CallerHeaders caller,
      @QueryParam("status") String status,
      @QueryParam("limit") int limit,
      @QueryParam("cursor") String cursor);

  @GET
  @Path("/tenant/slots")
  Uni<JsonNode> tenantSlots(@BeanParam CallerHeaders caller);

  @GET
  @Path("/tenant/slots/{name}")
  Uni<JsonNode> tenantSlot(@BeanParam CallerHeaders caller, @PathParam("name") String name);

  @PUT
  @Path("/tenant/slots/{name}")
  Uni<JsonNode> putTenantSlot(
      @BeanParam CallerHeaders caller, @PathParam("name") String name, Map<String, Object> body);

  @DELETE
  @Path("/tenant/slots/{name}")
  Uni<Void> deleteTenantSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("name") String name,
      @QueryParam("expected_version") Long expectedVersion);

  @GET
  @Path("/agents/{agent}/slots")
  Uni<JsonNode> agentSlots(@BeanParam CallerHeaders caller, @PathParam("agent") String agent);

  @DELETE
  @Path("/agents/{agent}/slots/{name}")
  Uni<Void> deleteAgentSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("name") String name,
      @QueryParam("expected_version") Long expectedVersion);

  /** {@code owners} is {@code chats}, {@code sessions} or {@code threads}. */
  @GET
  @Path("/agents/{agent}/{owners}/{owner}/slots")
  Uni<JsonNode> ownedSlots(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner);

  @DELETE
  @Path("/agents/{agent}/{owners}/{owner}/slots/{name}")
  Uni<Void> deleteOwnedSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner,
      @PathParam("name") String name,
      @QueryParam("expected_version") Long expectedVersion);

  @GET
  @Path("/agents/{agent}/slots/{name}")
  Uni<JsonNode> agentSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("name") String name);

  @PUT
  @Path("/agents/{agent}/slots/{name}")
  Uni<JsonNode> putAgentSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("name") String name,
      Map<String, Object> body);

  /** {@code owners} is {@code chats}, {@code sessions} or {@code threads}. */
  @GET
  @Path("/agents/{agent}/{owners}/{owner}/slots/{name}")
  Uni<JsonNode> ownedSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner,
      @PathParam("name") String name);

  @PUT
  @Path("/agents/{agent}/{owners}/{owner}/slots/{name}")
  Uni<JsonNode> putOwnedSlot(
      @BeanParam CallerHeaders caller,
      @PathParam("agent") String agent,
      @PathParam("owners") String owners,
      @PathParam("owner") String owner,
      @PathParam("name") String name,
      Map<String, Object> body);

  @POST
  @Path("/facts")
  Uni<JsonNode> addFact(@BeanParam CallerHeaders caller, Map<String, Object> body);

  @POST
  @Path("/facts/{id}/invalidate")
  Uni<JsonNode> invalidateFact(
      @BeanParam CallerHeaders caller, @PathParam("id") long id, Map<String, Object> body);

  @GET
  @Path("/stats")
  Uni<JsonNode> stats(@BeanParam CallerHeaders caller);

  @POST
  @Path("/sessions")
  Uni<JsonNode> startSession(@BeanParam CallerHeaders caller, Map<String, Object> body);

  @POST
  @Path("/sessions/{id}/end")
  Uni<JsonNode> endSession(
      @BeanParam CallerHeaders caller, @PathParam("id") String id, Map<String, Object> body);

  @POST
  @Path("/sessions/{id}/checkpoint")
  Uni<JsonNode> checkpoint(
      @BeanParam CallerHeaders caller, @PathParam("id") String id, Map<String, Object> body);

  /** Every 4xx/5xx becomes a refusal carrying capture's problem code and detail. */
  @ClientExceptionMapper
  static RuntimeException refusal(Response response) {
    return CaptureRefusal.of(response);
  }
}
