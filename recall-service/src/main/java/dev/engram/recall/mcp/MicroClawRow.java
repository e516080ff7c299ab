package dev.engram.recall.mcp;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.engram.recall.client.MemoryWire;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.Set;

/**
 * A memory as MicroClaw reads it (contract §3). Timestamps share one fixed-width RFC 3339 UTC form
 * because MicroClaw sorts {@code updated_at} as text; a SUPERSEDED memory shows as archived, since
 * MicroClaw's own supersede archives the old row.
 */
record MicroClawRow(
    long id,
    @JsonProperty("chat_id") Long chatId,
    String content,
    String category,
    double confidence,
    String source,
    @JsonProperty("created_at") String createdAt,
    @JsonProperty("updated_at") String updatedAt,
    @JsonProperty("last_seen_at") String lastSeenAt,
    @JsonProperty("is_archived") boolean isArchived,
    @JsonProperty("archived_at") String archivedAt,
    @JsonProperty("expires_at") String expiresAt,
    @JsonProperty("embedding_model") String embeddingModel) {

  /** MicroClaw's categories; Engram's DECISION reads as KNOWLEDGE, MicroClaw's default. */
  static final Set<String> MICROCLAW_CATEGORIES = Set.of("PROFILE", "KNOWLEDGE", "EVENT");

  private static final DateTimeFormatter RFC3339 =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  /**
   * The row of a memory of {@code agent} that MicroClaw can address: its AGENT-scope memories
   * (chat_id null) and its {@code microclaw:<n>} chats. Anything else (other agents, GLOBAL, chats
   * of other gateways, quarantined memories) is not part of this memory and reads as unknown.
   */
  static Optional<MicroClawRow> of(MemoryWire.Memory m, String agent) {
    if (!agent.equals(m.agent()) || "QUARANTINED".equals(m.status())) {
      return Optional.empty();
    }
    Long chatId;
    if ("AGENT".equals(m.scope())) {
      chatId = null;
    } else if ("CHAT".equals(m.scope())) {
      chatId = MicroClawChats.chatId(m.chat());
      if (chatId == null) {
        return Optional.empty();
      }
    } else {
      return Optional.empty();
    }
    boolean archived = !"ACTIVE".equals(m.status());
    Instant archivedAt = m.archivedAt() != null ? m.archivedAt() : m.supersededAt();
    String updated = format(m.updatedAt() != null ? m.updatedAt() : m.createdAt());
    return Optional.of(
        new MicroClawRow(
            m.id(),
            chatId,
            m.text(),
            MICROCLAW_CATEGORIES.contains(m.category()) ? m.category() : "KNOWLEDGE",
            m.confidence(),
            m.source(),
            format(m.createdAt()),
            updated,
            m.lastSeenAt() != null ? format(m.lastSeenAt()) : updated,
            archived,
            archived ? format(archivedAt) : null,
            format(m.expiresAt()),
            null));
  }

  /** An instant in the one timestamp form of every row. */
  static String format(Instant instant) {
    return instant == null ? null : RFC3339.format(instant);
  }
}
