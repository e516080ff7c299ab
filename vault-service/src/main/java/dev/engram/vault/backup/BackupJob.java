package dev.engram.vault.backup;

import dev.engram.vault.JobProblem;
import java.time.Instant;

/**
 * A backup job as clients see it at {@code GET /v1/backup-jobs/{id}}.
 *
 * @param trigger {@code api} or {@code schedule}
 * @param state {@code running}, {@code succeeded} or {@code failed}
 * @param phase {@code exporting}, {@code archiving}, {@code verifying}, {@code publishing}, {@code
 *     retention}, {@code done}
 * @param records records exported so far
 * @param problem why it failed: the problem code and detail
 * @param backup the backup, once published
 * @param deleted ids retention removed after it
 */
record BackupJob(
    String id,
    String backupId,
    String trigger,
    String state,
    String phase,
    long records,
    Instant startedAt,
    Instant finishedAt,
    JobProblem problem,
    Backup backup,
    java.util.List<String> deleted) {}
