package dev.engram.common.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupTest {

  private static WarmupConfig config(boolean enabled, int rounds, Duration maxTime) {
    return new WarmupConfig() {
      @Override
      public boolean enabled() {
        return enabled;
      }

      @Override
      public int rounds() {
        return rounds;
      }

      @Override
      public Duration maxTime() {
        return maxTime;
      }
    };
  }

  /**
   * A step that records its rounds, fails the rounds it is told to, and is runnable after n asks.
   */
  private static final class Step implements WarmupStep {
    final List<Integer> rounds = new ArrayList<>();
    final List<Integer> failing;
    int asksBeforeRunnable;
    boolean closed;

    Step(List<Integer> failing, int asksBeforeRunnable) {
      this.failing = failing;
      this.asksBeforeRunnable = asksBeforeRunnable;
    }

    @Override
    public String name() {
      return "step";
    }

    @Override
    public boolean canRun() {
      return asksBeforeRunnable-- <= 0;
    }

    @Override
    public void run(int round) {
      rounds.add(round);
      if (failing.contains(round)) {
        throw new IllegalStateException("cold store missed its deadline");
      }
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void notReadyUntilEveryRoundRanThenReadyAndClosed() {
    Step step = new Step(List.of(), 2);
    Warmup warmup = new Warmup(config(true, 5, Duration.ofSeconds(30)), List.of(step));
    assertFalse(warmup.progress().done());
    warmup.run();
    assertEquals(List.of(0, 1, 2, 3, 4), step.rounds);
    assertTrue(warmup.progress().done());
    assertTrue(
        warmup.progress().detail().startsWith("5 rounds of step"), warmup.progress().detail());
    assertTrue(step.closed);
  }

  @Test
  void aStepThatFailsNowAndThenKeepsWarming() {
    Step step = new Step(List.of(0, 1, 3, 4), 0); // never three failures in a row
    Warmup warmup = new Warmup(config(true, 6, Duration.ofSeconds(30)), List.of(step));
    warmup.run();
    assertEquals(List.of(0, 1, 2, 3, 4, 5), step.rounds);
  }

  @Test
  void aStepThatFailsThreeTimesInARowIsLeftOutAndTheServiceStillGetsReady() {
    Step broken = new Step(List.of(0, 1, 2, 3, 4, 5), 0);
    Step fine = new Step(List.of(), 0);
    Warmup warmup = new Warmup(config(true, 6, Duration.ofSeconds(30)), List.of(broken, fine));
    warmup.run();
    assertEquals(List.of(0, 1, 2), broken.rounds);
    assertEquals(List.of(0, 1, 2, 3, 4, 5), fine.rounds);
    assertTrue(warmup.progress().done());
  }

  @Test
  void aStepThatNeverBecomesRunnableEndsTheWarmUpAtItsMaxTime() {
    Step never = new Step(List.of(), Integer.MAX_VALUE);
    Warmup warmup = new Warmup(config(true, 5, Duration.ofMillis(300)), List.of(never));
    warmup.run();
    assertTrue(never.rounds.isEmpty());
    assertTrue(warmup.progress().done());
    assertTrue(warmup.progress().detail().contains("could run within"), warmup.progress().detail());
  }

  @Test
  void offMeansReadyAtOnce() {
    Warmup warmup =
        new Warmup(config(false, 5, Duration.ofSeconds(30)), List.of(new Step(List.of(), 0)));
    assertTrue(warmup.progress().done());
    assertEquals("off", warmup.progress().detail());
  }
}
