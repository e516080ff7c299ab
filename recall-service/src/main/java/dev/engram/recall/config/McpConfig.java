package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Settings of the MCP endpoint ({@code POST /mcp}); env ENGRAM_RECALL_MCP_... */
@ConfigMapping(prefix = "engram.recall.mcp")
public interface McpConfig {

  /** The agent whose memory the tools read and write when the request names none. */
  @WithDefault("microclaw")
  String defaultAgent();

  /** Request header a gateway may set (in its mcp.json {@code headers}) to name its agent. */
  @WithDefault("X-Engram-Agent")
  String agentHeader();

  /**
   * Deadline of each call the tools make to capture- and graph-service (the clients in client/ read
   * it here, and only here).
   */
  @WithDefault("PT10S")
  Duration captureTimeout();

  /**
   * Most messages in one JSON-RPC batch (batches exist in MCP 2025-03-26 only); a larger batch is
   * refused whole, so one request cannot queue unbounded work or a reply of many megabytes.
   */
  @WithDefault("20")
  int maxBatch();

  /**
   * The secret that signs session ids, the same on every replica so that any of them serves any
   * session's call; unset: derived from {@code engram.services.internal-key}, which a suite shares
   * (neither: random per process, and a session spans one replica only).
   */
  Optional<String> sessionSecret();
}
