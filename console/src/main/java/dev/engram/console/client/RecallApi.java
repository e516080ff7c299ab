package dev.engram.console.client;

import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;

/** recall-service's public API, always called with the signed-in person's key. */
@ApplicationScoped
public class RecallApi {

  /** The body of {@code POST /v1/recall}; a null chat is left out (GLOBAL and AGENT only). */
  record Ask(String agent, String chat, String query, int k) {}

  private final ServiceCalls calls;
  private final String url;

  RecallApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.url = urls.recallUrl();
  }

  /** The {@code k} best memories and exchanges for the query, with the signals that found each. */
  public Wire.RecallAnswer recall(String key, String agent, String chat, String query, int k) {
    return calls.post(
        new ServiceCalls.As("recall-service", url, key),
        "/v1/recall",
        new Ask(agent, chat, query, k),
        Wire.RecallAnswer.class);
  }
}
