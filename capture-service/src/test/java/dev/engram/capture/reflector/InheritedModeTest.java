package dev.engram.capture.reflector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.memory.MemoryCategory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which mode a finding inherits from the exchanges it came from. */
class InheritedModeTest {

  private static final Map<Long, Exchange> TURNS =
      Map.of(1L, turn(1, null), 2L, turn(2, "work"), 3L, turn(3, "roleplay"), 4L, turn(4, null));

  private static Exchange turn(long id, String mode) {
    Exchange e = new Exchange();
    e.id = id;
    e.mode = mode;
    return e;
  }

  private static Finding from(Long... ids) {
    return new Finding(
        "t", MemoryCategory.KNOWLEDGE, 0.8, List.of(ids), null, null, null, false, "x", "1", null);
  }

  @Test
  void untaggedTurnsGiveAnUntaggedMemory() {
    assertNull(ChatBatches.modeOf(from(1L, 4L), TURNS));
  }

  @Test
  void oneTaggedTurnTagsTheMemoryEvenBesideUntaggedOnes() {
    assertEquals("work", ChatBatches.modeOf(from(1L, 2L), TURNS));
    assertEquals("work", ChatBatches.modeOf(from(2L), TURNS));
  }

  @Test
  void twoModesKeepTheFirstTurnsModeNeverNone() {
    assertEquals("roleplay", ChatBatches.modeOf(from(3L, 2L), TURNS));
    assertEquals("work", ChatBatches.modeOf(from(1L, 2L, 3L), TURNS));
  }
}
