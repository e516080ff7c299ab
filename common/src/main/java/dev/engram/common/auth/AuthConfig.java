package dev.engram.common.auth;

import io.smallrye.config.ConfigMapping;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** API keys accepted by a service. Keys are never configured in clear text, only as hashes. */
@ConfigMapping(prefix = "engram.auth")
public interface AuthConfig {

  /**
   * Accepted keys, each {@code <key-id>:<tenant>:<role>[+<role>...]:<sha256-hex-of-key>}; roles are
   * agent, admin, ops, internal. An internal key uses tenant {@code *}.
   */
  Optional<List<String>> keys();

  /** A file with one key entry per line in the same format ({@code #} starts a comment). */
  Optional<Path> keysFile();
}
