package dev.engram.common.ratelimit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.common.auth.ApiKey;
import dev.engram.common.auth.Roles;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each process's share of a key's budget when several replicas serve the same callers. */
class RateLimitsTest {

  private static final ApiKey KEY = new ApiKey("k1", "acme", Set.of(Roles.AGENT), "00");

  @Test
  void oneReplicaKeepsTheWholeBurst() {
    assertEquals(120, callsBeforeWaiting(limits(1)));
  }

  @Test
  void twoReplicasKeepHalfEachSoTogetherTheyKeepTheBudget() {
    assertEquals(60, callsBeforeWaiting(limits(2)));
  }

  @Test
  void aShareIsRoundedUpAndNeverZero() {
    assertEquals(18, callsBeforeWaiting(limits(7))); // ceil(120 / 7): 7 x 17 = 119 falls short
    assertEquals(1, callsBeforeWaiting(limits(1000)));
  }

  /** Writes spent back to back (no refill to speak of) until the bucket says wait. */
  private static int callsBeforeWaiting(RateLimits limits) {
    int calls = 0;
    while (limits.charge(KEY, RateLimits.EndpointClass.WRITES, 1) == 0) {
      calls++;
      assertTrue(calls < 10_000, "never refused");
    }
    return calls;
  }

  private static RateLimits limits(int replicas) {
    RateLimitConfig.Budget budget =
        new RateLimitConfig.Budget() {
          @Override
          public int perMinute() {
            return 1; // a token a minute: the burst is what counts here
          }

          @Override
          public int burst() {
            return 120;
          }
        };
    return new RateLimits(
        new RateLimitConfig() {
          @Override
          public boolean enabled() {
            return true;
          }

          @Override
          public int replicas() {
            return replicas;
          }

          @Override
          public Budget writes() {
            return budget;
          }

          @Override
          public Budget recall() {
            return budget;
          }

          @Override
          public EmbeddingsBudget embeddings() {
            throw new UnsupportedOperationException();
          }
        });
  }
}
