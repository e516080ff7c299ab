package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void parsesARecallResponse() {
    Object parsed =
        Json.parse(
            """
            {"items": [{"id": 42, "kind": "memory", "text": "caf\\u00e9 \\"x\\"\\n", "score": 0.032,
              "thread": null, "signals": {"semantic": {"rank": 1, "score": 8.3e-1}}}],
             "took_ms": 12, "ok": true}
            """);
    Map<?, ?> root = (Map<?, ?>) parsed;
    Map<?, ?> item = (Map<?, ?>) ((List<?>) root.get("items")).get(0);
    assertEquals(42L, item.get("id"));
    assertEquals("café \"x\"\n", item.get("text"));
    assertEquals(0.032, item.get("score"));
    assertEquals(null, item.get("thread"));
    assertEquals(
        0.83, ((Map<?, ?>) ((Map<?, ?>) item.get("signals")).get("semantic")).get("score"));
    assertEquals(true, root.get("ok"));
  }

  @Test
  void quotesWhatItParsesBack() {
    String text = "line\n\t\"quoted\" back\\slash \u0001 ünïcode";
    assertEquals(text, Json.parse(Json.quote(text)));
  }

  @Test
  void refusesBrokenJson() {
    assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1"));
    assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1} x"));
    assertThrows(IllegalArgumentException.class, () -> Json.parse("<html>"));
  }
}
