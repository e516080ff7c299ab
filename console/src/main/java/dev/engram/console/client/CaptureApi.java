package dev.engram.console.client;

import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.Map;

/** capture-service's public API, always called with the key passed in: the signed-in person's. */
@ApplicationScoped
public class CaptureApi {

  private static final String NAME = "capture-service";

  private final ServiceCalls calls;
  private final String url;

  CaptureApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.url = urls.captureUrl();
  }

  private ServiceCalls.As as(String key) {
    return new ServiceCalls.As(NAME, url, key);
  }

  /** Who the key is; a key capture-service does not know fails with 401. */
  public Wire.Me me(String key) {
    return calls.get(as(key), "/v1/keys/me", Wire.Me.class);
  }

  /** One page of memories matching the filters (blank ones are left out). */
  public Wire.MemoryPage memories(String key, Query filters) {
    return calls.get(as(key), "/v1/memories" + filters, Wire.MemoryPage.class);
  }

  public Wire.Memory memory(String key, long id) {
    return calls.get(as(key), "/v1/memories/" + id, Wire.Memory.class);
  }

  public Wire.Relations relations(String key, long id) {
    return calls.get(as(key), "/v1/memories/" + id + "/relations", Wire.Relations.class);
  }

  /** The audit rows about one memory, newest first (admin and ops keys only). */
  public Wire.AuditPage audit(String key, long memoryId) {
    Query q = Query.of().add("target_type", "memory").add("target_id", memoryId).add("limit", 50);
    return calls.get(as(key), "/v1/audit" + q, Wire.AuditPage.class);
  }

  /** A turn of a conversation, e.g. one a memory was derived from. */
  public Wire.Turn turn(String key, long exchangeId) {
    return calls.get(as(key), "/v1/exchanges/" + exchangeId, Wire.Turn.class);
  }

  /**
   * A new memory replaces this one (which stays, SUPERSEDED, linked both ways); answers the new
   * one.
   */
  public Wire.Memory supersede(String key, long id, Wire.Supersede body) {
    return calls.post(as(key), "/v1/memories/" + id + "/supersede", body, Wire.Memory.class);
  }

  /** One day of a chat as Markdown (the day log): its turns, verbatim. */
  public String dayLog(String key, String agent, String chat, LocalDate day) {
    return calls.getText(
        as(key),
        "/v1/days/" + day + Query.of().add("agent", agent).add("chat", chat),
        "text/markdown");
  }

  /** The tenant at a glance (admin and ops keys). */
  public Wire.Stats stats(String key) {
    return calls.get(as(key), "/v1/stats", Wire.Stats.class);
  }

  /** Deletes a memory and every derived trace of it. */
  public void forget(String key, long id) {
    calls.delete(as(key), "/v1/memories/" + id);
  }

  public Wire.QuarantinePage quarantine(String key) {
    return calls.get(
        as(key), "/v1/quarantine" + Query.of().add("limit", 50), Wire.QuarantinePage.class);
  }

  public void release(String key, String type, long id) {
    calls.post(as(key), "/v1/quarantine/" + type + "/" + id + "/release", Map.of(), Void.class);
  }

  public void deleteQuarantined(String key, String type, long id) {
    calls.delete(as(key), "/v1/quarantine/" + type + "/" + id);
  }

  public Wire.PromotionPage pendingPromotions(String key) {
    Query q = Query.of().add("status", "PENDING").add("limit", 50);
    return calls.get(as(key), "/v1/promotions" + q, Wire.PromotionPage.class);
  }

  /** Approves ({@code approve}) or rejects ({@code reject}) a promotion. */
  public void decide(String key, long id, String decision) {
    calls.post(as(key), "/v1/promotions/" + id + "/" + decision, Map.of(), Void.class);
  }

  /**
   * Edits a memory in place (text, category, confidence) if it is still at {@code
   * edit.expectedVersion()}; a newer version is capture's 409.
   */
  public Wire.Memory edit(String key, long id, Wire.MemoryEdit edit) {
    return calls.patch(as(key), "/v1/memories/" + id, edit, Wire.Memory.class);
  }
}
