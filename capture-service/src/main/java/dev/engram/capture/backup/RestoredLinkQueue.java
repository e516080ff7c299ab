package dev.engram.capture.backup;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The queue of memories waiting for their automatic relations ({@code memory_link_queue}) after an
 * import. Its trigger (V7) queues every memory the import inserts, including those linked long ago:
 * left alone, a restore would link them all again and add relations the backup never had. So the
 * rows the trigger made in this import give way to the archive's: with a {@code memory_link_queue}
 * stream (even an empty one) exactly the archived queue is kept; an archive made before the stream
 * existed keeps the restored memories that may still need links (active or quarantined, with no
 * relation yet), so relation-building never silently stops after a restore.
 */
final class RestoredLinkQueue {

  static final String STREAM = "memory_link_queue";

  /**
   * A row the trigger made in this transaction: written by it (its {@code xmin}) and queued at its
   * start ({@code now()}), which no archived row is.
   */
  private static final String MADE_BY_THE_TRIGGER =
      " xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text"
          + " and queued_at = now()";

  private RestoredLinkQueue() {}

  /** Before an archived queue row is applied: the trigger's row for its memory gives way. */
  static final String YIELD =
      "delete from memory_link_queue where memory_id = ? and" + MADE_BY_THE_TRIGGER;

  /** After the last record: drops what the trigger queued that the archive does not. */
  static void settle(Connection c, boolean archived) throws SQLException {
    String sql =
        archived
            ? "delete from memory_link_queue where" + MADE_BY_THE_TRIGGER
            : "delete from memory_link_queue q where"
                + MADE_BY_THE_TRIGGER
                + " and exists (select 1 from memories m where m.id = q.memory_id"
                + " and (m.status not in ('ACTIVE', 'QUARANTINED')"
                + " or exists (select 1 from memory_relations r"
                + " where r.from_memory = m.id or r.to_memory = m.id)))";
    try (Statement st = c.createStatement()) {
      st.executeUpdate(sql);
    }
  }
}
