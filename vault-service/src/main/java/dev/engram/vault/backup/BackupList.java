package dev.engram.vault.backup;

import java.util.List;

/** The backups in the directory, newest first. */
record BackupList(List<Backup> backups) {}
