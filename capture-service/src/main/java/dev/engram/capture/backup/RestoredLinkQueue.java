package dev.engram.capture.backup;

import java.sql.SQLException;

/**
 * The queue of memories waiting for their automatic relations ({@code memory_link_queue}) after an
 * import. Its trigger (V7) queues every memory the import inserts, including those linked long ago:
 * left alone, a restore would link them all again and add relations the backup never had. So the
 * rows the trigger made in this import give way to the archive's: with a {@code memory_link_queue}
 * stream (even an empty one) exactly the archived queue is kept; an archive made before the stream
 * existed keeps the restored memories that may still need links (active or quarantined, with no
 * relation yet), so relation-building never silently stops after a restore. Before an archived
 * queue row is applied, the trigger's row for its memory gives way ({@link ImportRows}); the
 * statements are {@link BackupQueries}.
 */
final class RestoredLinkQueue {

  static final String STREAM = "memory_link_queue";

  private RestoredLinkQueue() {}

  /**
   * After the last record: drops what the trigger queued that the archive does not ({@code
   * archived}: the archive has the stream), or what needs no links (it has none).
   */
  static void settle(BackupQueries queries, boolean archived) throws SQLException {
    if (archived) {
      queries.dropTriggerRows();
    } else {
      queries.dropTriggerRowsOfLinkedMemories();
    }
  }
}
