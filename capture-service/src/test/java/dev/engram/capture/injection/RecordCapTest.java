package dev.engram.capture.injection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The size cap of a stored record: lists cut from the longest, texts to 300 characters. */
class RecordCapTest {

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .registerModule(new JavaTimeModule());

  private static InjectionBatch.Item item(int omitted, String text) {
    List<InjectionBatch.Omitted> left = new ArrayList<>();
    for (int i = 0; i < omitted; i++) {
      left.add(new InjectionBatch.Omitted("memory:" + i, "budget"));
    }
    return new InjectionBatch.Item(
        "acme",
        "bot",
        "c",
        null,
        null,
        "context",
        Instant.now(),
        "q",
        100,
        10,
        1,
        1L + omitted,
        (long) omitted,
        List.of(
            new InjectionBatch.Section(
                "relevant",
                10,
                List.of(
                    new InjectionBatch.Shown(
                        "memory:1",
                        text,
                        0.5,
                        Map.of("semantic", new InjectionBatch.SignalRank(1, 0.9)))))),
        left,
        List.of(new InjectionBatch.Skipped("graph", "timeout")));
  }

  @Test
  void aSmallRecordIsKeptWholeWithItsTextsCut() throws Exception {
    RecordCap.Capped capped = new RecordCap(JSON, 65536).body(item(3, "x".repeat(1000)));
    assertFalse(capped.truncated());
    JsonNode body = JSON.readTree(capped.json());
    assertEquals(3, body.get("omitted_items").size());
    assertEquals(300, body.at("/sections/0/items/0/text").asText().length());
    assertEquals(1, body.at("/sections/0/items/0/signals/semantic/rank").asInt());
  }

  @Test
  void aLongListIsHalvedUntilTheRecordFits() throws Exception {
    RecordCap.Capped capped = new RecordCap(JSON, 4096).body(item(1000, "tea"));
    assertTrue(capped.truncated());
    assertTrue(capped.json().getBytes(StandardCharsets.UTF_8).length <= 4096);
    JsonNode body = JSON.readTree(capped.json());
    int kept = body.get("omitted_items").size();
    assertTrue(kept > 0 && kept < 1000, "kept " + kept);
    assertEquals("memory:0", body.at("/omitted_items/0/ref").asText());
    assertEquals(1, body.at("/sections/0/items").size());
  }
}
