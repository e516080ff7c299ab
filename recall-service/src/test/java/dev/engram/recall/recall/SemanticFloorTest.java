package dev.engram.recall.recall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SemanticFloorTest {

  private final SemanticFloor floor = new SemanticFloor(0.3, 0.1, 100, 10_000);

  @Test
  void smallCorporaGetTheLooseFloorLargeOnesTheFullOne() {
    assertEquals(0.1, floor.at(0));
    assertEquals(0.1, floor.at(100));
    assertEquals(0.3, floor.at(10_000));
    assertEquals(0.3, floor.at(1_000_000));
  }

  @Test
  void inBetweenItGrowsWithTheLogOfTheSize() {
    assertEquals(0.2, floor.at(1_000), 1e-9, "halfway in log terms");
  }

  @Test
  void sizesMustBeOrdered() {
    assertThrows(IllegalArgumentException.class, () -> new SemanticFloor(0.3, 0.1, 10, 10));
  }
}
