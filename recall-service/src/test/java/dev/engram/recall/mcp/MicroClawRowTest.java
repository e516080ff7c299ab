package dev.engram.recall.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.client.MemoryWire;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Which Engram memories are MicroClaw rows, and how they read. */
class MicroClawRowTest {

  private static final Instant CREATED = Instant.parse("2026-08-21T09:15:02Z");
  private static final Instant SUPERSEDED = Instant.parse("2026-08-22T10:00:00.123456Z");

  private static MemoryWire.Memory memory(
      String agent, String chat, String scope, String category, String status) {
    return new MemoryWire.Memory(
        4711,
        agent,
        chat,
        scope,
        category,
        "Prefers Rust",
        0.9,
        "explicit",
        status,
        null,
        CREATED,
        CREATED,
        null,
        status.equals("SUPERSEDED") ? SUPERSEDED : null,
        null);
  }

  @Test
  void aChatMemoryOfTheAgentIsARowOfThatChat() {
    MicroClawRow row =
        MicroClawRow.of(memory("bot", "microclaw:42", "CHAT", "PROFILE", "ACTIVE"), "bot")
            .orElseThrow();
    assertEquals(42L, row.chatId());
    assertEquals("PROFILE", row.category());
    assertEquals("2026-08-21T09:15:02.000000Z", row.createdAt());
    assertEquals(row.updatedAt(), row.lastSeenAt(), "no last_seen_at: updated_at stands in");
    assertNull(row.archivedAt());
  }

  @Test
  void theAgentScopeIsChatNullAndASupersededMemoryReadsAsArchived() {
    MicroClawRow row =
        MicroClawRow.of(memory("bot", null, "AGENT", "DECISION", "SUPERSEDED"), "bot")
            .orElseThrow();
    assertNull(row.chatId());
    assertTrue(row.isArchived());
    assertEquals("2026-08-22T10:00:00.123456Z", row.archivedAt());
    assertEquals("KNOWLEDGE", row.category(), "MicroClaw knows no DECISION");
  }

  @Test
  void memoriesMicroClawCannotAddressAreNotRows() {
    assertTrue(
        MicroClawRow.of(memory("other", "microclaw:42", "CHAT", "PROFILE", "ACTIVE"), "bot")
            .isEmpty());
    assertTrue(
        MicroClawRow.of(memory("bot", "telegram:42", "CHAT", "PROFILE", "ACTIVE"), "bot")
            .isEmpty());
    assertTrue(
        MicroClawRow.of(memory("bot", "microclaw:042", "CHAT", "PROFILE", "ACTIVE"), "bot")
            .isEmpty());
    assertTrue(
        MicroClawRow.of(memory("bot", null, "GLOBAL", "PROFILE", "ACTIVE"), "bot").isEmpty());
    assertTrue(
        MicroClawRow.of(memory("bot", null, "AGENT", "PROFILE", "QUARANTINED"), "bot").isEmpty());
  }
}
