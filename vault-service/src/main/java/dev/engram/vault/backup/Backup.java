package dev.engram.vault.backup;

import java.time.Instant;

/**
 * One backup archive in the directory. {@code createdAt} is the file's last-modified time: an
 * archive is written under a temporary name and renamed into place once complete, so that is when
 * the backup finished (to the millisecond).
 */
record Backup(String id, String file, long sizeBytes, Instant createdAt, boolean encrypted) {}
