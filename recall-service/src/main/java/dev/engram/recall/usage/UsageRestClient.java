package dev.engram.recall.usage;

import dev.engram.common.config.InternalCallHeaders;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * capture-service's {@code POST /internal/v1/memories/surfaced} (the URL and socket timeouts of
 * quarkus.rest-client.slots.*, the other internal calls recall makes to capture). Blocking: only
 * the flusher's own thread calls it.
 */
@RegisterRestClient(configKey = "slots")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/memories/surfaced")
interface UsageRestClient {

  @POST
  Counted surfaced(Body body);

  record Body(List<Item> items) {}

  record Item(String tenant, long id, int times, Instant lastSurfaced, Instant lastUsed) {}

  record Counted(int memories) {}
}
