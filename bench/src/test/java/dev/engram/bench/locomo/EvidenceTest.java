package dev.engram.bench.locomo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EvidenceTest {

  private static final Set<String> TURNS = Set.of("D1:1", "D1:2", "D8:6", "D9:17");

  @Test
  void malformedListsAreSplitOnSemicolonsAndCommas() {
    assertEquals(
        List.of("D8:6", "D9:17", "D1:1", "D1:2"),
        Evidence.goldTurns(List.of("D8:6; D9:17", "D1:1,D1:2"), TURNS));
  }

  @Test
  void whatDoesNotResolveIsDroppedAndDuplicatesCountOnce() {
    assertEquals(
        List.of("D1:2"), Evidence.goldTurns(List.of("D:1:2", "D1:2", " D1:2 ", "D7:1", ""), TURNS));
    assertEquals(List.of(), Evidence.goldTurns(List.of("D:11:26"), TURNS));
  }

  @Test
  void theSessionIsThePartBeforeTheColon() {
    assertEquals("D3", Evidence.session("D3:7"));
    assertEquals("D12", Evidence.session("D12:1"));
  }
}
