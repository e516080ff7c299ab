package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.config.McpConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * capture-service's remember, delete, fact, slot, session and stats API for Engram's own MCP tools,
 * acting with the caller's key so the tenant, roles, poisoning gate, audit and outbox apply as for
 * REST. Same deadline and failures as {@link MemoriesClient}; nothing is retried.
 */
@ApplicationScoped
public class CaptureApi {

  private final CaptureApiRestClient client;
  private final Duration timeout;

  CaptureApi(@RestClient CaptureApiRestClient client, McpConfig config) {
    this.client = client;
    this.timeout = config.captureTimeout();
  }

  /** Which slot: the agent's own ({@code owners} null), or a session's or thread's. */
  public record SlotRef(String agent, String owners, String owner, String name) {}

  public Uni<JsonNode> remember(MemoriesClient.As as, Map<String, Object> body) {
    return guard("capture-service", client.remember(as.headers(), body));
  }

  public Uni<Void> delete(MemoriesClient.As as, long id) {
    return guard("capture-service", client.delete(as.headers(), id));
  }

  public Uni<JsonNode> slot(MemoriesClient.As as, SlotRef s) {
    return guard(
        "capture-service",
        s.owners() == null
            ? client.agentSlot(as.headers(), s.agent(), s.name())
            : client.ownedSlot(as.headers(), s.agent(), s.owners(), s.owner(), s.name()));
  }

  public Uni<JsonNode> putSlot(MemoriesClient.As as, SlotRef s, Map<String, Object> body) {
    return guard(
        "capture-service",
        s.owners() == null
            ? client.putAgentSlot(as.headers(), s.agent(), s.name(), body)
            : client.putOwnedSlot(as.headers(), s.agent(), s.owners(), s.owner(), s.name(), body));
  }

  public Uni<JsonNode> addFact(MemoriesClient.As as, Map<String, Object> body) {
    return guard("capture-service", client.addFact(as.headers(), body));
  }

  public Uni<JsonNode> invalidateFact(MemoriesClient.As as, long id, Map<String, Object> body) {
    return guard("capture-service", client.invalidateFact(as.headers(), id, body));
  }

  /** {@code POST /v1/sessions}: records a session (a retry of the same id answers it again). */
  public Uni<JsonNode> startSession(MemoriesClient.As as, Map<String, Object> body) {
    return guard("capture-service", client.startSession(as.headers(), body));
  }

  /** {@code POST /v1/sessions/{id}/end}: the handoff, the day's summary, the Reflector. */
  public Uni<JsonNode> endSession(MemoriesClient.As as, String id, Map<String, Object> body) {
    return guard("capture-service", client.endSession(as.headers(), id, body));
  }

  /** {@code POST /v1/sessions/{id}/checkpoint}: what a compaction is about to drop. */
  public Uni<JsonNode> checkpoint(MemoriesClient.As as, String id, Map<String, Object> body) {
    return guard("capture-service", client.checkpoint(as.headers(), id, body));
  }

  public Uni<JsonNode> stats(MemoriesClient.As as) {
    return guard("capture-service", client.stats(as.headers()));
  }

  /**
   * The deadline, and every failure but a refusal as {@link CaptureUnavailable} naming the service.
   */
  static <T> Uni<T> guard(String service, Duration timeout, Uni<T> call) {
    return call.ifNoItem()
        .after(timeout)
        .failWith(
            () ->
                new CaptureUnavailable(
                    service + " timed out after " + timeout.toMillis() + " ms",
                    new TimeoutException()))
        .onFailure(f -> !(f instanceof CaptureRefusal || f instanceof CaptureUnavailable))
        .transform(f -> new CaptureUnavailable(Failures.classify(service, f).message(), f));
  }

  private <T> Uni<T> guard(String service, Uni<T> call) {
    return guard(service, timeout, call);
  }
}
