package dev.engram.console.support;

import static dev.engram.console.support.Fixtures.quote;

/** Answers of graph- and vault-service, shaped as theirs are (snake_case, extra fields too). */
public final class GraphVaultFixtures {

  private GraphVaultFixtures() {}

  public static String entity(String id, String name) {
    return """
        {"id":%s,"name":%s,"normalized_name":"x","type":"person","aliases":[%s],
         "first_seen":"2026-10-01T09:00:00Z","mention_count":7,"centrality":0.25}
        """
        .formatted(quote(id), quote(name), quote(name + " alias"));
  }

  public static String fact(long id, String object, boolean current) {
    return """
        {"id":%d,"subject":{"id":"e-1","name":"Alice"},"predicate":"lives_in",
         "object":{"id":"e-2","name":%s},"valid_from":"2026-01-01T00:00:00Z",
         "valid_to":%s,"recorded_at":"2026-01-02T00:00:00Z","invalidated_at":%s,
         "invalidated_by":%s,"current":%b,"confidence":0.8,"source_memory_ids":[41],
         "status":"ACTIVE","scope":"AGENT","agent":"bot1","chat":null}
        """
        .formatted(
            id,
            quote(object),
            current ? "null" : "\"2026-06-01T00:00:00Z\"",
            current ? "null" : "\"2026-06-02T00:00:00Z\"",
            current ? "null" : "99",
            current);
  }

  /** {@code GET /v1/entities/{ref}}: Alice (e-1) and one current fact. */
  public static String entityFacts(String name, String object) {
    return "{\"entity\":%s,\"as_of\":null,\"facts\":[%s]}"
        .formatted(entity("e-1", name), fact(1, object, true));
  }

  /** {@code GET /v1/entities/e-1/timeline}: an invalidated fact, then the current one. */
  public static String timeline(String object) {
    return "{\"entity\":%s,\"facts\":[%s,%s]}"
        .formatted(entity("e-1", "Alice"), fact(99, "Paris", false), fact(1, object, true));
  }

  /** {@code POST /v1/traverse} from e-1: itself, an entity and a memory one hop away. */
  public static String traversal(String label) {
    return """
        {"nodes":[{"kind":"entity","id":"e-1","label":"Alice","depth":0,"score":1.0,"parent":null,"edge":null},
          {"kind":"entity","id":"e-2","label":%s,"depth":1,"score":0.8,"parent":"entity:e-1","edge":"lives_in"},
          {"kind":"memory","id":"41","label":"Alice moved","depth":1,"score":0.5,"parent":"entity:e-1","edge":"MENTIONS"}]}
        """
        .formatted(quote(label));
  }

  public static String ranking(String name) {
    return "{\"entities\":[" + entity("e-1", name) + "]}";
  }

  public static String belief(String statement, boolean contradicted, double confidence) {
    return """
        {"id":"b-1","statement":%s,"strength":0.4,"confidence":%s,"evidence_count":3,
         "contradicted":%b,"created_at":"2026-10-01T00:00:00Z","updated_at":"2026-10-02T00:00:00Z",
         "evidence":[{"id":"ev-1","strength":0.0,"confidence":0.9,"weight":2.0,"rule":"NAL",
           "contradicting":true,"source":%s,"memory_ids":[41],"recorded_at":"2026-10-02T00:00:00Z"}]}
        """
        .formatted(quote(statement), confidence, contradicted, quote(statement));
  }

  public static String contradictions(String text) {
    return """
        {"relations":[{"relation_id":5,"weight":0.9,"created_at":"2026-10-03T00:00:00Z",
           "from":{"id":41,"text":%s,"created_at":"2026-10-01T00:00:00Z","confidence":0.9},
           "to":{"id":42,"text":"Alice lives in Paris","created_at":"2026-09-01T00:00:00Z","confidence":null}}],
         "beliefs":[%s]}
        """
        .formatted(quote(text), belief(text, true, 0.3));
  }

  public static String backups(String keyId) {
    return """
        {"backups":[{"id":"engram-20261128T100000Z","file":"engram-20261128T100000Z.tar.gz.enc",
          "size_bytes":12345,"created_at":"2026-11-28T10:00:00Z","encrypted":true,"destination":"dir",
          "counts":{"memories":10},"records":42,"verified":null,"verified_at":null,"key_id":%s}]}
        """
        .formatted(quote(keyId));
  }

  public static String job(String state, String phase) {
    return """
        {"id":"job-7","backup_id":null,"trigger":"api","state":%s,"phase":%s,"records":17,
         "started_at":"2026-11-28T10:00:00Z","finished_at":null,"problem":null,"backup":null,
         "deleted":[]}
        """
        .formatted(quote(state), quote(phase));
  }

  public static String audit(String problem) {
    return """
        {"summary":{"ok":false,"findings":2,"not_computed":["topology"],"started_at":"2026-11-28T11:00:00Z",
           "took_ms":850,"kept":true,"sources":[{"name":"capture","available":true,"taken_at":"x"},
           {"name":"graph","available":false,"problem":"graph-service did not answer"}]},
         "integrity":{"computed":true,"content_hashes":{"count":1,"truncated":false,
           "items":[{"tenant":"acme","table":"memories","id":41,"problem":%s}]},
           "audit_log":{"count":0,"truncated":false,"items":[]},
           "audit_order":{"count":0,"truncated":false,"items":[]}},
         "consistency":{"computed":true,"tenants":[],"drift":{"count":1,"truncated":true,"items":[]}},
         "topology":{"computed":false,"reason":"graph-service did not answer"},
         "contradictions":{"computed":false,"reason":"graph-service did not answer"}}
        """
        .formatted(quote(problem));
  }

  /** Every read of the graph and ops pages answered with harmless content. */
  public static void everyPage(ServiceStub graph, ServiceStub vault) {
    graph
        .answer("GET /v1/centrality", 200, ranking("Alice"))
        .answer("GET /v1/entities", 200, entityFacts("Alice", "Berlin"))
        .answer("GET /v1/entities/e-1", 200, entityFacts("Alice", "Berlin"))
        .answer("GET /v1/entities/e-1/timeline", 200, timeline("Berlin"))
        .answer("POST /v1/traverse", 200, traversal("Berlin"))
        .answer("GET /v1/contradictions", 200, contradictions("Alice lives in Berlin"))
        .answer("GET /v1/beliefs", 200, belief("Alice lives in Berlin", false, 0.3))
        .answer("POST /v1/beliefs/evidence", 200, belief("Alice lives in Berlin", false, 0.5));
    vault
        .answer("GET /v1/backups", 200, backups("k1"))
        .answer("POST /v1/backups", 202, job("running", "exporting"))
        .answer("GET /v1/backup-jobs/job-7", 200, job("running", "exporting"))
        .answer(
            "POST /v1/backups/engram-20261128T100000Z/verify",
            200,
            "{\"id\":\"engram-20261128T100000Z\",\"verified\":true,\"records\":42}")
        .answer("GET /v1/audit/last", 200, audit("hash differs"))
        .answer("POST /v1/audit", 200, audit("hash differs"));
  }
}
