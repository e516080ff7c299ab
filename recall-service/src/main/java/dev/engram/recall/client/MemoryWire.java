package dev.engram.recall.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;

/** capture-service's public memory API as recall-service's MCP tools use it (snake_case JSON). */
public final class MemoryWire {

  private MemoryWire() {}

  /** A memory as capture-service shows it; only the fields the tools read. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Memory(
      long id,
      String agent,
      String chat,
      String scope,
      String category,
      String text,
      double confidence,
      String source,
      String status,
      Instant expiresAt,
      Instant createdAt,
      Instant updatedAt,
      Instant archivedAt,
      Instant supersededAt,
      Instant lastSeenAt) {}

  /** One page of {@code GET /v1/memories}. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Page(List<Memory> items, String nextCursor) {}

  /** {@code POST /v1/memories}; a null chat with scope AGENT writes the agent's own scope. */
  public record Create(
      String agent,
      String chat,
      String scope,
      String category,
      String text,
      Double confidence,
      String source) {}

  /** {@code POST /v1/memories/{id}/revise}: null category/confidence/source stay as they are. */
  public record Revise(String text, String category, Double confidence, String source) {}

  /** {@code POST /v1/memories/{id}/supersede}. */
  public record Supersede(
      String text, String category, Double confidence, String source, String reason) {}

  /** {@code POST /v1/memories/{id}/touch}. */
  public record Touch(Double confidenceFloor) {}

  /** Which memories a listing asks for; null fields are not filtered on. */
  public record Listing(String agent, String chat, String scope, String status) {}
}
