package dev.engram.console.client;

import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * capture-service's notes (its slots) at one level, addressed by the level's slots path (e.g.
 * {@code /v1/tenant/slots} or {@code /v1/agents/bot1/chats/telegram%3A1/slots}); always with the
 * signed-in person's key.
 */
@ApplicationScoped
public class NoteApi {

  private final ServiceCalls calls;
  private final String url;

  NoteApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.url = urls.captureUrl();
  }

  private ServiceCalls.As as(String key) {
    return new ServiceCalls.As("capture-service", url, key);
  }

  public Wire.NoteList list(String key, String slotsPath) {
    return calls.get(as(key), slotsPath, Wire.NoteList.class);
  }

  public Wire.Note get(String key, String slotsPath, String name) {
    return calls.get(as(key), slotsPath + "/" + Paths.segment(name), Wire.Note.class);
  }

  /** Writes a note if it is at {@code expectedVersion} (0: only if it does not exist yet). */
  public Wire.Note put(String key, String slotsPath, String name, String content, long version) {
    return calls.put(
        as(key),
        slotsPath + "/" + Paths.segment(name),
        new Wire.PutNote(content, version),
        Wire.Note.class);
  }

  /** Deletes a note if it is still at {@code expectedVersion}. */
  public void delete(String key, String slotsPath, String name, long expectedVersion) {
    calls.delete(
        as(key),
        slotsPath
            + "/"
            + Paths.segment(name)
            + Query.of().add("expected_version", expectedVersion));
  }
}
