package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.common.Sha256;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.source.SnapshotSource.ExportSink;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads capture's export record by record: checks every stored content hash, the audit log's order
 * and whether its newest row per memory, slot and fact still describes the row, and collects the
 * ids the index and the graph should hold.
 *
 * <p>Rows are remembered by a 64-bit fingerprint of their content only, never by their content.
 */
final class CaptureScan implements ExportSink {

  /** The newest audit row for a target: its id, and the fingerprint of its "after" (null: gone). */
  private record Newest(long auditId, Long after) {}

  final IdSets record = new IdSets();
  final Findings hashes;
  final Findings audit;
  final Findings order;
  private final Map<String, Long> current = new HashMap<>();
  private final Map<String, Newest> newest = new HashMap<>();
  private final Map<String, Long> lastAuditId = new HashMap<>();

  CaptureScan(int limit) {
    hashes = new Findings(limit);
    audit = new Findings(limit);
    order = new Findings(limit);
  }

  @Override
  public void stream(String stream) {}

  @Override
  public void record(String stream, byte[] json) throws IOException {
    JsonNode row = ArchiveJson.MAPPER.readTree(json);
    String tenant = row.path("tenant").asText();
    switch (stream) {
      case "exchanges" -> {
        hash(stream, row, "text");
        if (projected(row)) {
          record.add(tenant, IdSets.EXCHANGE, row.path("id").asLong());
        }
      }
      case "memories" -> {
        hash(stream, row, "text");
        if (projected(row)) {
          record.add(tenant, IdSets.MEMORY, row.path("id").asLong());
        }
        current.put(key("memory", tenant, row), fingerprint("memory", row));
      }
      case "slots" -> {
        hash(stream, row, "content");
        current.put(key("slot", tenant, row), fingerprint("slot", row));
      }
      case "facts" -> current.put(key("fact", tenant, row), fingerprint("fact", row));
      case "audit_log" -> auditRow(tenant, row);
      default -> {
        // other tables carry no content hash and no audited content
      }
    }
  }

  /** Capture projects every memory and exchange except quarantined ones (IndexDocuments). */
  private static boolean projected(JsonNode row) {
    return !"QUARANTINED".equals(row.path("status").asText());
  }

  private void hash(String stream, JsonNode row, String content) {
    JsonNode stored = row.path("content_sha256");
    if (!stored.isTextual()) {
      return;
    }
    String actual = Sha256.hex(row.path(content).asText());
    if (!actual.equals(stored.asText())) {
      ObjectNode item = hashes.add();
      item.put("tenant", row.path("tenant").asText());
      item.put("table", stream);
      item.set("id", row.path("id"));
      item.put("stored_sha256", stored.asText());
      item.put("computed_sha256", actual);
    }
  }

  private void auditRow(String tenant, JsonNode row) {
    long id = row.path("id").asLong();
    Long last = lastAuditId.put(tenant, id);
    if (last != null && id <= last) {
      ObjectNode item = order.add();
      item.put("tenant", tenant);
      item.put("id", id);
      item.put("after_id", last);
    }
    String type = row.path("target_type").asText();
    if (!type.equals("memory") && !type.equals("slot") && !type.equals("fact")) {
      return;
    }
    JsonNode after = row.path("after");
    JsonNode view = after.isObject() ? after : row.path("before");
    String key =
        view.isObject()
            ? key(type, tenant, view)
            : type + '\u0000' + tenant + '\u0000' + row.path("target_id").asText();
    Newest seen = newest.get(key);
    if (seen == null || seen.auditId < id) {
      newest.put(key, new Newest(id, after.isObject() ? fingerprint(type, after) : null));
    }
  }

  /**
   * Compares each current row with the newest audit row about it, once the whole export is read
   * (the audit log comes after the tables it describes).
   */
  void finish() {
    current.forEach(
        (key, fingerprint) -> {
          Newest last = newest.remove(key);
          if (last == null) {
            mismatch(key, null, "no audit row records this row");
          } else if (last.after == null) {
            mismatch(key, last.auditId, "the newest audit row deletes it, yet the row exists");
          } else if (!last.after.equals(fingerprint)) {
            mismatch(key, last.auditId, "the content differs from the newest audit row's after");
          }
        });
    newest.forEach(
        (key, last) -> {
          if (last.after != null) {
            mismatch(key, last.auditId, "the newest audit row shows it, but the row is missing");
          }
        });
    current.clear();
    newest.clear();
  }

  private void mismatch(String key, Long auditId, String problem) {
    String[] parts = key.split("\u0000", 3);
    ObjectNode item = audit.add();
    item.put("tenant", parts[1]);
    item.put("target_type", parts[0]);
    item.put("target", parts[2].replace('\u0000', '/'));
    if (auditId == null) {
      item.putNull("audit_id");
    } else {
      item.put("audit_id", auditId);
    }
    item.put("problem", problem);
  }

  /**
   * Identifies a row the same way in a table row and in an audit view: memories and facts by id;
   * slots by address, since their audit views carry no id.
   */
  private static String key(String type, String tenant, JsonNode row) {
    String id =
        type.equals("slot")
            ? row.path("agent").asText()
                + '\u0000'
                + row.path("owner_type").asText().toUpperCase(java.util.Locale.ROOT)
                + '\u0000'
                + row.path("owner_id").asText()
                + '\u0000'
                + row.path("name").asText()
            : row.path("id").asText();
    return type + '\u0000' + tenant + '\u0000' + id;
  }

  /** The audited content: a memory's text, a slot's content, a fact's triple. */
  private static long fingerprint(String type, JsonNode row) {
    String content =
        switch (type) {
          case "memory" -> row.path("text").asText();
          case "slot" -> row.path("content").asText();
          default ->
              row.path("subject").asText()
                  + '\u0000'
                  + row.path("predicate").asText()
                  + '\u0000'
                  + row.path("object").asText();
        };
    return Long.parseUnsignedLong(Sha256.hex(content).substring(0, 16), 16);
  }
}
