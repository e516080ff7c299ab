package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A recall item carries the indexed document, but shows exactly the fields it always did: never the
 * tenant, the version or the expiry, and absent values as nulls.
 */
class RecallResponseJsonTest {

  static final ObjectMapper JSON =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  @Test
  void anItemHasTheFieldsOfTheRecallApi() throws Exception {
    var document =
        new IndexDocument(
            "t1",
            DocKind.EXCHANGE,
            5L,
            3L,
            "bot1",
            "telegram:1",
            null,
            null,
            Scope.CHAT,
            null,
            Status.ACTIVE,
            "alice",
            "user",
            "I moved to Berlin",
            null,
            Instant.parse("2026-05-08T12:00:00Z"),
            Instant.parse("2027-05-08T12:00:00Z"),
            null,
            null,
            null,
            null,
            null,
            null);
    var item =
        new RecallResponse.Item(
            document, 0.25, Map.of("semantic", new RecallResponse.SignalScore(1, 0.8)));
    JsonNode json = JSON.valueToTree(item);
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    assertEquals(
        List.of(
            "kind",
            "id",
            "agent",
            "chat",
            "thread",
            "session",
            "scope",
            "category",
            "status",
            "speaker",
            "role",
            "text",
            "confidence",
            "created_at",
            "archived_at",
            "superseded_at",
            "source",
            "source_exchange_ids",
            "metadata",
            "mode",
            "score",
            "signals"),
        names);
    assertEquals("exchange", json.get("kind").asText());
    assertEquals(5, json.get("id").asLong());
    assertTrue(json.get("category").isNull());
    assertTrue(json.get("metadata").isNull());
    assertEquals(0, json.get("source_exchange_ids").size());
    assertEquals(1, json.at("/signals/semantic/rank").asInt());
  }
}
