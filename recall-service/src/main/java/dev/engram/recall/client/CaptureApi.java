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
 * capture-service's exchange, remember, delete, fact, slot, session, promotion and stats API for
 * Engram's own MCP tools, acting with the caller's key so the tenant, roles, poisoning gate, audit
 * and outbox apply as for REST. Same deadline and failures as {@link MemoriesClient}; nothing is
 * retried.
 */
@ApplicationScoped
public class CaptureApi {

  private final CaptureApiRestClient client;
  private final CaptureInternalRestClient internal;
  private final Duration timeout;

  CaptureApi(
      @RestClient CaptureApiRestClient client,
      @RestClient CaptureInternalRestClient internal,
      McpConfig config) {
    this.client = client;
    this.internal = internal;
    this.timeout = config.captureTimeout();
  }

  /**
   * Which slot: the tenant's ({@code owners} {@code tenant}, no agent), the agent's own ({@code
   * owners} null), or a chat's, session's or thread's ({@code chats}, {@code sessions}, {@code
   * threads}). {@code name} null: the owner's slots.
   */
  public record SlotRef(String agent, String owners, String owner, String name) {

    static final String TENANT = "tenant";

    /** A slot of the key's tenant. */
    public static SlotRef tenant(String name) {
      return new SlotRef(null, TENANT, null, name);
    }
  }

  /**
   * {@code POST /v1/exchanges}: appends turns (capture's dedup, poisoning gate and outbox), with
   * capture's {@code Idempotency-Key} when given (null: none).
   */
  public Uni<JsonNode> appendExchanges(
      MemoriesClient.As as, String idempotencyKey, Map<String, Object> body) {
    return guard("capture-service", client.appendExchanges(as.headers(), idempotencyKey, body));
  }

  /**
   * The chat's newest {@code limit} turns, oldest first, and {@code more}: capture's {@code GET
   * /internal/v1/exchanges/recent} for the tenant of the caller's key (authenticated here), the
   * read the context's recent turns make; quarantined turns are never served.
   */
  public Uni<JsonNode> recentTurns(
      String tenant, String agent, String chat, String mode, int limit) {
    return guard("capture-service", internal.recentTurnsAsSent(tenant, agent, chat, limit, mode));
  }

  /** {@code GET /v1/promotions}: the promotion gate's proposals, newest first. */
  public Uni<JsonNode> promotions(MemoriesClient.As as, String status, int limit, String cursor) {
    return guard("capture-service", client.promotions(as.headers(), status, limit, cursor));
  }

  public Uni<JsonNode> remember(MemoriesClient.As as, Map<String, Object> body) {
    return guard("capture-service", client.remember(as.headers(), body));
  }

  public Uni<Void> delete(MemoriesClient.As as, long id) {
    return guard("capture-service", client.delete(as.headers(), id));
  }

  public Uni<JsonNode> slot(MemoriesClient.As as, SlotRef s) {
    CallerHeaders h = as.headers();
    return guard(
        "capture-service",
        switch (kind(s)) {
          case TENANT -> client.tenantSlot(h, s.name());
          case AGENT -> client.agentSlot(h, s.agent(), s.name());
          case OWNED -> client.ownedSlot(h, s.agent(), s.owners(), s.owner(), s.name());
        });
  }

  /** The owner's slots ({@code name} of the ref is ignored). */
  public Uni<JsonNode> slots(MemoriesClient.As as, SlotRef s) {
    CallerHeaders h = as.headers();
    return guard(
        "capture-service",
        switch (kind(s)) {
          case TENANT -> client.tenantSlots(h);
          case AGENT -> client.agentSlots(h, s.agent());
          case OWNED -> client.ownedSlots(h, s.agent(), s.owners(), s.owner());
        });
  }

  public Uni<JsonNode> putSlot(MemoriesClient.As as, SlotRef s, Map<String, Object> body) {
    CallerHeaders h = as.headers();
    return guard(
        "capture-service",
        switch (kind(s)) {
          case TENANT -> client.putTenantSlot(h, s.name(), body);
          case AGENT -> client.putAgentSlot(h, s.agent(), s.name(), body);
          case OWNED -> client.putOwnedSlot(h, s.agent(), s.owners(), s.owner(), s.name(), body);
        });
  }

  /** Deletes the slot ({@code expectedVersion} null: whatever its version). */
  public Uni<Void> deleteSlot(MemoriesClient.As as, SlotRef s, Long expectedVersion) {
    CallerHeaders h = as.headers();
    return guard(
        "capture-service",
        switch (kind(s)) {
          case TENANT -> client.deleteTenantSlot(h, s.name(), expectedVersion);
          case AGENT -> client.deleteAgentSlot(h, s.agent(), s.name(), expectedVersion);
          case OWNED ->
              client.deleteOwnedSlot(
                  h, s.agent(), s.owners(), s.owner(), s.name(), expectedVersion);
        });
  }

  private enum SlotKind {
    TENANT,
    AGENT,
    OWNED
  }

  private static SlotKind kind(SlotRef s) {
    if (s.owners() == null) {
      return SlotKind.AGENT;
    }
    return SlotRef.TENANT.equals(s.owners()) ? SlotKind.TENANT : SlotKind.OWNED;
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
