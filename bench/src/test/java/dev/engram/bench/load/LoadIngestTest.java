package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadIngestTest {

  @Test
  void aFreshRunWritesEverythingInChunks() {
    assertEquals(
        List.of("0-500", "500-1000", "1000-1200"), ranges(LoadIngest.missing(new BitSet(), 1200)));
  }

  @Test
  void aResumedRunWritesOnlyTheGaps() {
    BitSet done = new BitSet();
    done.set(0, 500); // first chunk
    done.set(700, 1000); // part of the second
    done.set(1000, 1050); // an earlier, smaller target
    assertEquals(
        List.of("500-700", "1050-1500", "1500-1600"), ranges(LoadIngest.missing(done, 1600)));
    done.set(0, 1600);
    assertEquals(List.of(), ranges(LoadIngest.missing(done, 1600)));
  }

  private static List<String> ranges(List<long[]> chunks) {
    return chunks.stream().map(c -> c[0] + "-" + c[1]).toList();
  }
}
