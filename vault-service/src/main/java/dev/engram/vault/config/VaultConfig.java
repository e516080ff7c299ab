package dev.engram.vault.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;

/** vault-service settings (prefix {@code engram.vault}; env {@code ENGRAM_VAULT_...}). */
@ConfigMapping(prefix = "engram.vault")
public interface VaultConfig {

  /**
   * Where backups are kept ({@code ENGRAM_VAULT_DIRECTORY}); created at start-up when missing. A
   * relative path is resolved against the working directory.
   */
  @WithDefault("./backups")
  Path directory();
}
