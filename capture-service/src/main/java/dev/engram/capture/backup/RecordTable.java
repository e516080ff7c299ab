package dev.engram.capture.backup;

import java.util.List;

/**
 * One table of the record as the backup contract sees it (docs/backup-format.md): the stream it
 * becomes, the columns that identify a row, the column that orders versions of a row (merge keeps
 * the higher one; null = a row once written never changes, so merge keeps what is there) and the
 * sequence its ids come from (moved past the highest id after an import).
 */
record RecordTable(String name, List<String> key, String version, String sequence) {

  /**
   * Every table a restore needs, in export order (parents before children). Not the outbox: a
   * restore reprojects from the record.
   */
  static final List<RecordTable> ALL =
      List.of(
          new RecordTable("exchanges", List.of("id"), "version", "exchange_id_seq"),
          new RecordTable("memories", List.of("id"), "version", "memory_id_seq"),
          new RecordTable("slots", List.of("id"), "version", "slots_id_seq"),
          new RecordTable("facts", List.of("id"), "version", "fact_id_seq"),
          new RecordTable("memory_relations", List.of("id"), "version", "relation_id_seq"),
          new RecordTable("audit_log", List.of("id"), null, "audit_log_id_seq"),
          new RecordTable("reflector_inbox", List.of("exchange_id"), null, null),
          // A chat's cursor only moves forward: the one that has read more is the newer one.
          new RecordTable(
              "reflector_cursors", List.of("tenant", "agent", "chat"), "exchanges_read", null),
          new RecordTable("reflector_runs", List.of("id"), null, "reflector_runs_id_seq"),
          // Promotion decisions and the canonical flags (columns of memories and facts).
          new RecordTable("promotions", List.of("id"), "version", "promotions_id_seq"),
          // A gateway's sessions and its checkpoints before compaction (the handoff). A session
          // row changes (ended, summary, checkpoint count) but has no version: merge keeps it.
          new RecordTable("sessions", List.of("id"), null, "sessions_id_seq"),
          new RecordTable("session_checkpoints", List.of("id"), null, "session_checkpoints_id_seq"),
          // The evidence ledger: its keys are what make graph revise a belief once per evidence.
          new RecordTable("belief_evidence", List.of("id"), null, "belief_evidence_id_seq"),
          // Memories still waiting for their automatic relations (see RestoredLinkQueue).
          new RecordTable("memory_link_queue", List.of("memory_id"), null, null));

  static RecordTable named(String stream) {
    for (RecordTable table : ALL) {
      if (table.name.equals(stream)) {
        return table;
      }
    }
    return null;
  }
}
