package dev.engram.graph.fact;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FunctionalChainTest {

  private static Instant t(int year) {
    return Instant.parse(year + "-01-01T00:00:00Z");
  }

  private static FunctionalChain.Link link(long id, String object, int from) {
    return new FunctionalChain.Link(id, object, t(from), t(from), null, null, null, null, null);
  }

  @Test
  void eachValueIsEndedByTheNextDifferentOne() {
    List<FunctionalChain.End> ends =
        FunctionalChain.recompute(
            List.of(link(3, "porto", 2025), link(1, "lisbon", 2021), link(2, "berlin", 2023)));
    assertThat(
        ends,
        contains(
            new FunctionalChain.End(1, t(2023), t(2023), 2L),
            new FunctionalChain.End(2, t(2025), t(2025), 3L)));
  }

  @Test
  void theResultDoesNotDependOnTheOrderOfArrival() {
    List<FunctionalChain.Link> links = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      links.add(link(i, i % 3 == 0 ? "a" : "b" + i, 2010 + i));
    }
    List<FunctionalChain.End> expected = FunctionalChain.recompute(links);
    Random random = new Random(7);
    for (int round = 0; round < 20; round++) {
      Collections.shuffle(links, random);
      assertThat(FunctionalChain.recompute(links), org.hamcrest.Matchers.equalTo(expected));
    }
  }

  @Test
  void theSameValueAgainEndsNothingAndStatedEndsWin() {
    FunctionalChain.Link stated =
        new FunctionalChain.Link(
            1, "lisbon", t(2021), t(2021), t(2022), t(2022), t(2022), t(2022), null);
    assertThat(FunctionalChain.recompute(List.of(stated, link(2, "lisbon", 2023))), empty());
  }

  @Test
  void aRetractedValueEndsNothing() {
    FunctionalChain.Link retracted =
        new FunctionalChain.Link(2, "rome", t(2023), t(2023), null, t(2024), null, t(2024), null);
    assertThat(FunctionalChain.recompute(List.of(link(1, "lisbon", 2021), retracted)), empty());
  }

  @Test
  void anOlderValueLearnedLaterIsEndedNoEarlierThanItWasRecorded() {
    FunctionalChain.Link late =
        new FunctionalChain.Link(1, "lisbon", t(2021), t(2026), null, null, null, null, null);
    assertThat(
        FunctionalChain.recompute(List.of(late, link(2, "berlin", 2023))),
        contains(new FunctionalChain.End(1, t(2023), t(2026), 2L)));
  }
}
