package dev.engram.graph.contract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.contracts.fixtures.Contracts;

/**
 * The graph the current-facts fixtures are answered from, written through the operations API: the
 * two facts of the fixture responses, and around them what must never show (a value the Oslo move
 * superseded, a fact of another chat, one of another agent).
 */
final class CurrentFactsSeed {

  private CurrentFactsSeed() {}

  static JsonNode operations() {
    return Contracts.parse(
        """
        {"operations": [
          {"op": "reset", "tenant": "t1"},
          %s, %s, %s, %s, %s
        ]}"""
            .formatted(
                fact(
                    9000300,
                    "AGENT",
                    null,
                    "Alice",
                    "lives_in",
                    "Bergen",
                    0.9,
                    "\"2025-01-01T00:00:00Z\"",
                    "null"),
                fact(
                    9000301,
                    "AGENT",
                    null,
                    "Alice",
                    "lives_in",
                    "Oslo",
                    0.9,
                    "\"2026-03-01T00:00:00Z\"",
                    "null"),
                fact(
                    9000302,
                    "CHAT",
                    "\"telegram:1\"",
                    "Bob",
                    "works_at",
                    "Acme",
                    0.8,
                    "null",
                    "\"2099-01-01T00:00:00Z\""),
                fact(
                    9000303,
                    "CHAT",
                    "\"telegram:2\"",
                    "Bob",
                    "knows",
                    "Carol",
                    1.0,
                    "null",
                    "null"),
                fact(9000304, "AGENT", null, "Alice", "likes", "Tea", 1.0, "null", "null")
                    .replace("\"agent\": \"bot1\"", "\"agent\": \"bot2\"")));
  }

  private static String fact(
      long id,
      String scope,
      String chat,
      String subject,
      String predicate,
      String object,
      double confidence,
      String validFrom,
      String validTo) {
    return """
        {"op": "upsert_fact", "fact": {"tenant": "t1", "id": %d, "version": 1,
         "agent": "bot1", "chat": %s, "scope": "%s", "subject": "%s", "predicate": "%s",
         "object": "%s", "valid_from": %s, "valid_to": %s,
         "recorded_at": "2026-03-02T00:00:00Z", "invalidated_at": null,
         "confidence": %s, "source_memory_ids": [], "status": "ACTIVE"}}"""
        .formatted(id, chat, scope, subject, predicate, object, validFrom, validTo, confidence);
  }
}
