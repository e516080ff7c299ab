package dev.engram.console.client;

import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;

/** capture-service's sessions and a chat's summaries, with the signed-in person's key. */
@ApplicationScoped
public class ConversationApi {

  private final ServiceCalls calls;
  private final String url;

  ConversationApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.url = urls.captureUrl();
  }

  private ServiceCalls.As as(String key) {
    return new ServiceCalls.As("capture-service", url, key);
  }

  /** A page of an agent's sessions in a chat, newest first. */
  public Wire.SessionPage sessions(
      String key, String agent, String chat, String cursor, int limit) {
    Query q =
        Query.of().add("agent", agent).add("chat", chat).add("cursor", cursor).add("limit", limit);
    return calls.get(as(key), "/v1/sessions" + q, Wire.SessionPage.class);
  }

  public Wire.Session session(String key, String agent, String id) {
    return calls.get(
        as(key),
        "/v1/sessions/" + Paths.segment(id) + Query.of().add("agent", agent),
        Wire.Session.class);
  }

  /**
   * The chat's day, week and month summaries (memories of source {@code summary}), newest first.
   */
  public Wire.MemoryPage summaries(String key, String agent, String chat) {
    Query q =
        Query.of().add("agent", agent).add("chat", chat).add("source", "summary").add("limit", 50);
    return calls.get(as(key), "/v1/memories" + q, Wire.MemoryPage.class);
  }
}
