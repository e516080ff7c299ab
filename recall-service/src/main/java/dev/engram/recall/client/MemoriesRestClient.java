package dev.engram.recall.client;

import dev.engram.common.ratelimit.PrepaidCallHeaders;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * capture-service's public memory API, called with the caller's own key so the tenant, roles,
 * poisoning gate, audit and outbox apply as for any REST client (quarkus.rest-client.capture.*).
 */
@RegisterRestClient(configKey = "capture")
@RegisterClientHeaders(PrepaidCallHeaders.class)
@Path("/v1/memories")
interface MemoriesRestClient {

  @POST
  Uni<MemoryWire.Memory> create(@BeanParam CallerHeaders caller, MemoryWire.Create body);

  @GET
  @Path("/{id}")
  Uni<MemoryWire.Memory> get(@BeanParam CallerHeaders caller, @PathParam("id") long id);

  /** Null parameters are left out of the query string. */
  @GET
  Uni<MemoryWire.Page> list(
      @BeanParam CallerHeaders caller,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("scope") String scope,
      @QueryParam("status") String status,
      @QueryParam("limit") int limit,
      @QueryParam("cursor") String cursor,
      @QueryParam("min_confidence") Double minConfidence,
      @QueryParam("unexpired") Boolean unexpired,
      @QueryParam("order") String order);

  @POST
  @Path("/{id}/revise")
  Uni<MemoryWire.Memory> revise(
      @BeanParam CallerHeaders caller, @PathParam("id") long id, MemoryWire.Revise body);

  @POST
  @Path("/{id}/archive")
  Uni<MemoryWire.Memory> archive(@BeanParam CallerHeaders caller, @PathParam("id") long id);

  @POST
  @Path("/{id}/supersede")
  Uni<MemoryWire.Memory> supersede(
      @BeanParam CallerHeaders caller, @PathParam("id") long id, MemoryWire.Supersede body);

  @POST
  @Path("/{id}/touch")
  Uni<MemoryWire.Memory> touch(
      @BeanParam CallerHeaders caller, @PathParam("id") long id, MemoryWire.Touch body);

  /** Every 4xx/5xx becomes a refusal carrying capture's problem code and detail. */
  @ClientExceptionMapper
  static RuntimeException refusal(Response response) {
    return CaptureRefusal.of(response);
  }
}
