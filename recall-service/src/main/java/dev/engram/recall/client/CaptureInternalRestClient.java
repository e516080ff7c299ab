package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.config.InternalCallHeaders;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * capture-service's internal reads for context assembly: slots, a chat's recent turns and the
 * canonical memories, or all three at once (URL and socket timeouts: quarkus.rest-client.slots.*,
 * the key it always had).
 */
@RegisterRestClient(configKey = "slots")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1")
interface CaptureInternalRestClient {

  /** Null parameters are left out of the query string. */
  @GET
  @Path("/slots")
  Uni<CaptureInternalWire.SlotsResponse> slots(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("session") String session,
      @QueryParam("thread") String thread);

  @GET
  @Path("/exchanges/recent")
  Uni<CaptureInternalWire.RecentTurns> recentTurns(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") int limit,
      @QueryParam("mode") String mode);

  /** The same turns as capture wrote them, for the MCP tool {@code recent_turns}. */
  @GET
  @Path("/exchanges/recent")
  Uni<JsonNode> recentTurnsAsSent(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") int limit,
      @QueryParam("mode") String mode);

  /** All three in one request; {@code limit} null: no turns (docs/internal-apis.md). */
  @GET
  @Path("/context-parts")
  Uni<CaptureInternalWire.ContextParts> contextParts(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("session") String session,
      @QueryParam("thread") String thread,
      @QueryParam("limit") Integer limit,
      @QueryParam("mode") String mode);

  @GET
  @Path("/canonical")
  Uni<CaptureInternalWire.Canonical> canonical(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat);
}
