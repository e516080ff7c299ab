package dev.engram.console.support;

/**
 * Answers of the services, shaped as theirs are (snake_case, the fields the pages read and more).
 */
public final class Fixtures {

  /** Text no page may turn into markup. */
  public static final String HOSTILE = "<img src=x onerror=alert(1)>";

  /** The same, as it must appear in a page's source: escaped. */
  public static final String HOSTILE_ESCAPED = "&lt;img src=x onerror=alert(1)&gt;";

  /** {@code GET /v1/stats} of tenant acme. */
  public static final String STATS =
      """
      {"tenant":"acme",
       "memories":{"active":120,"archived":7,"superseded":5,"quarantined":2,"low_confidence":11},
       "exchanges":{"total":900,"quarantined":3},"facts":{"current":40,"superseded":6,"quarantined":1},
       "slots":{"total":12,"quarantined":0},
       "reflector":{"pending_exchanges":14,"runs":30,"exchanges_read":880,"extracted":200,
         "inserted":150,"touched":20,"superseded":5,"skipped":25,"quarantined":2,"archived":4,
         "last_run_finished_at":"2026-11-28T10:00:00Z","exchanges_per_second":35.5},
       "outbox":{"recall":{"pending":3,"dead":0,"lag_seconds":1.5},
                 "graph":{"pending":9,"dead":1,"lag_seconds":12.25}}}
      """;

  private Fixtures() {}

  public static String memory(long id, String text) {
    return """
        {"id":%d,"agent":"bot1","chat":"telegram:1","thread":null,"session":null,"scope":"CHAT",
         "category":"PROFILE","text":%s,"confidence":0.9,"source":"api",
         "provenance":{"exchange_ids":[7,8],"extractor":"deterministic","note":null,"extractor_version":"3"},
         "metadata":{"origin":%s},"status":"ACTIVE","status_reason":null,"supersedes":%d,
         "superseded_by":null,"expires_at":null,"created_at":"2026-11-01T10:00:00Z",
         "updated_at":"2026-11-01T10:00:00Z","archived_at":null,"superseded_at":null,
         "last_seen_at":null,"content_sha256":"ab","version":2,"mode":null,"times_surfaced":3,
         "last_surfaced":null,"last_used":null,"canonical":false,"a_field_added_later":1}
        """
        .formatted(id, quote(text), quote(text), id - 1);
  }

  public static String page(String... memories) {
    return "{\"items\":[" + String.join(",", memories) + "],\"next_cursor\":null}";
  }

  public static String recall(String text) {
    return """
        {"items":[{"kind":"memory","id":41,"agent":"bot1","chat":"telegram:1","scope":"CHAT",
          "category":"PROFILE","status":"ACTIVE","text":%s,"created_at":"2026-11-01T10:00:00Z",
          "source":"api","source_exchange_ids":[],"metadata":{},
          "score":0.0325,"signals":{"keyword":{"rank":2,"score":3.5},"semantic":{"rank":1,"score":0.83}}}],
         "skipped_signals":[{"signal":"graph","reason":"graph-service did not answer in time"}],
         "semantic_floor":0.2,"took_ms":12}
        """
        .formatted(quote(text));
  }

  public static String quarantine(String text) {
    return """
        {"items":[{"type":"memory","id":55,"agent":"bot1","chat":"telegram:1","text":%s,
          "reason":"prompt injection: ignore previous instructions","source":"api",
          "created_at":"2026-11-01T10:00:00Z"}],"next_cursor":null}
        """
        .formatted(quote(text));
  }

  public static String promotions(String text) {
    return """
        {"items":[{"id":9,"target_type":"memory","target_id":41,"kind":"IDENTITY","status":"PENDING",
          "text":%s,"confidence":0.95,"days":4,"sessions":6,"first_seen":"2026-10-01",
          "last_seen":"2026-10-20","created_at":"2026-10-21T00:00:00Z","decided_at":null,
          "decided_by":null,"reason":null,"version":0}],"next_cursor":null}
        """
        .formatted(quote(text));
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
