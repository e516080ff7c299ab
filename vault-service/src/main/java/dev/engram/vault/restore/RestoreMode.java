package dev.engram.vault.restore;

/** {@code replace}: the tenant tables are emptied first; {@code merge}: upsert by (tenant, id). */
public enum RestoreMode {
  REPLACE,
  MERGE
}
