package dev.engram.recall.mcp;

import dev.engram.recall.client.MemoriesClient;

/**
 * Who a tool call acts for: the caller's own key (forwarded to capture-service, which derives the
 * tenant from it) and the agent whose memory it is.
 */
record McpCaller(MemoriesClient.As as, String agent) {}
