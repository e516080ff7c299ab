package dev.engram.vault.restore;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * {@code POST /v1/restore}.
 *
 * @param backup a backup id, or {@code latest} (the newest backup not known to be damaged)
 * @param dryRun check everything and report what would change, change nothing
 */
public record RestoreRequest(
    @NotNull(message = "is required")
        @Pattern(regexp = "[A-Za-z0-9._-]{1,200}", message = "must be a backup id or latest")
        String backup,
    @NotNull(message = "is required (replace or merge)") RestoreMode mode,
    boolean dryRun) {}
