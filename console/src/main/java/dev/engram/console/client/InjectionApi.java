package dev.engram.console.client;

import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * capture-service's injection records (what each {@code context} / {@code session_start} answer
 * told an agent), with the signed-in person's key.
 */
@ApplicationScoped
public class InjectionApi {

  private final ServiceCalls calls;
  private final String url;

  InjectionApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.url = urls.captureUrl();
  }

  private ServiceCalls.As as(String key) {
    return new ServiceCalls.As("capture-service", url, key);
  }

  /** A page of a chat's records (of the agent's, when no chat is given), newest first. */
  public Wire.InjectionPage list(String key, String agent, String chat, String cursor, int limit) {
    Query q =
        Query.of().add("agent", agent).add("chat", chat).add("cursor", cursor).add("limit", limit);
    return calls.get(as(key), "/v1/injections" + q, Wire.InjectionPage.class);
  }

  public Wire.Injection get(String key, long id) {
    return calls.get(as(key), "/v1/injections/" + id, Wire.Injection.class);
  }

  public void delete(String key, long id) {
    calls.delete(as(key), "/v1/injections/" + id);
  }

  /** Deletes every record of the agent's chat. */
  public void deleteChat(String key, String agent, String chat) {
    calls.delete(as(key), "/v1/injections" + Query.of().add("agent", agent).add("chat", chat));
  }
}
