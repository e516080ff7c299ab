package dev.engram.recall.client;

import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.context.CanonicalSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The canonical memories for context assembly from capture-service, with the slots' deadline.
 * Context assembly asks them with the slots in one request ({@link ContextPartsClient}); this
 * single call serves a capture-service without that endpoint.
 */
@ApplicationScoped
public class CanonicalClient implements CanonicalSource {

  private final CaptureInternalRestClient client;
  private final Duration timeout;

  CanonicalClient(@RestClient CaptureInternalRestClient client, ContextConfig config) {
    this.client = client;
    this.timeout = config.slotsTimeout();
  }

  @Override
  public CompletableFuture<List<Long>> canonical(String tenant, String agent, String chat) {
    return Failures.skippable(
        "capture-service",
        timeout,
        client.canonical(tenant, agent, chat).map(r -> ids(r == null ? null : r.memories())));
  }

  /** The ids of the wire's canonical memories, in its order. */
  static List<Long> ids(List<CaptureInternalWire.CanonicalMemory> memories) {
    return memories == null
        ? List.of()
        : memories.stream()
            .map(CaptureInternalWire.CanonicalMemory::id)
            .filter(Objects::nonNull)
            .toList();
  }
}
