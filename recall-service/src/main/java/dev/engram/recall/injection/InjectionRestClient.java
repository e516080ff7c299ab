package dev.engram.recall.injection;

import dev.engram.common.config.InternalCallHeaders;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.util.List;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * capture-service's {@code POST /internal/v1/injections} (the URL and socket timeouts of
 * quarkus.rest-client.slots.*, the other internal calls recall makes to capture). Blocking: only
 * the flusher's own thread calls it.
 */
@RegisterRestClient(configKey = "slots")
@RegisterClientHeaders(InternalCallHeaders.class)
@Path("/internal/v1/injections")
interface InjectionRestClient {

  @POST
  Stored store(Batch batch);

  record Batch(List<InjectionRecord> records) {}

  record Stored(int records) {}
}
