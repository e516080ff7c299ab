package dev.engram.console.support;

/**
 * Answers for the notes, sessions and injection-record pages, shaped as capture-service's are
 * (SlotView, SessionView, the injection-record contract), with fields the pages do not read.
 */
public final class PageFixtures {

  /** The notes of chat telegram:1 of agent bot1, as capture's path names them (decoded). */
  public static final String CHAT_SLOTS = "/v1/agents/bot1/chats/telegram:1/slots";

  private PageFixtures() {}

  public static String note(
      String owner, String ownerId, String name, String content, long version) {
    return """
        {"agent":"bot1","owner_type":%s,"owner_id":%s,"name":%s,"content":%s,"tokens":12,
         "content_sha256":"ab","version":%d,"created_at":"2026-11-01T10:00:00Z",
         "updated_at":"2026-11-02T10:00:00Z","updated_by":"admin-1","status":"ACTIVE",
         "status_reason":null,"a_field_added_later":true}
        """
        .formatted(
            Fixtures.quote(owner),
            Fixtures.quote(ownerId),
            Fixtures.quote(name),
            Fixtures.quote(content),
            version);
  }

  public static String notes(String... notes) {
    return "{\"items\":[" + String.join(",", notes) + "]}";
  }

  public static String session(String id, String thread, String summary) {
    return """
        {"session":%s,"agent":"bot1","chat":"telegram:1","thread":%s,
         "started_at":"2026-11-01T10:00:00Z","ended_at":"2026-11-01T11:00:00Z","summary":%s,
         "checkpoints":2,"a_field_added_later":1}
        """
        .formatted(
            Fixtures.quote(id),
            thread == null ? "null" : Fixtures.quote(thread),
            Fixtures.quote(summary));
  }

  public static String sessions(String next, String... sessions) {
    return "{\"items\":[%s],\"next_cursor\":%s}"
        .formatted(String.join(",", sessions), next == null ? "null" : Fixtures.quote(next));
  }

  /** A summary of what context call 7 told bot1 in chat telegram:1. */
  public static String injectionSummary(long id, String query) {
    return """
        {"id":%d,"agent":"bot1","chat":"telegram:1","thread":null,"session_id":"s1",
         "kind":"context","created_at":"2026-11-28T09:00:00Z","query":%s,"budget_tokens":800,
         "tokens":512,"selected":6,"candidates":40,"omitted":34,"truncated":true,
         "a_field_added_later":1}
        """
        .formatted(id, Fixtures.quote(query));
  }

  public static String injections(String next, String... records) {
    return "{\"items\":[%s],\"next_cursor\":%s}"
        .formatted(String.join(",", records), next == null ? "null" : Fixtures.quote(next));
  }

  /**
   * Record 7 in full: a slots section and a relevance section whose items are memory 41 (recall's
   * ref), memory 42 (a text ref) and an exchange, with {@code text} as the first item's text.
   */
  public static String injection(String text) {
    String summary = injectionSummary(7, "what does Alice drink?").strip();
    return summary.substring(0, summary.length() - 1)
        + """
        ,"sections":[
           {"name":"working_memory","tokens":40,"items":[]},
           {"name":"L2 relevance","tokens":300,"items":[
             {"ref":{"kind":"memory","id":41},"text":%s,"score":0.0325,
              "signals":{"keyword":{"rank":2,"score":3.5},"semantic":{"rank":1,"score":0.83}}},
             {"ref":"memory:42","text":"Alice lives in Oslo","score":0.02,"signals":["semantic"]},
             {"ref":{"kind":"exchange","id":9},"text":"we met on Monday","score":null,"signals":null}]}],
         "omitted_items":[{"ref":{"kind":"memory","id":43},"reason":"over the section's budget"}],
         "skipped_sources":[{"source":"graph","reason":"graph-service did not answer in time"}],
         "encoding":"o200k_base"}
        """
            .formatted(Fixtures.quote(text));
  }
}
