package dev.engram.common.ratelimit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bucket behind each key's budget, on a clock the test moves. */
class TokenBucketTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void aBurstIsAllowedThenTheCallerIsToldHowLongToWait() {
    TokenBucket bucket = new TokenBucket(3, 60, 0); // one token a second
    assertEquals(0, bucket.take(1, 0));
    assertEquals(0, bucket.take(2, 0));
    long wait = bucket.take(1, 0);
    assertTrue(wait > 0.99 * SECOND && wait <= SECOND, "wait " + wait);
    assertEquals(0, bucket.take(1, SECOND)); // refilled meanwhile
  }

  @Test
  void refillStopsAtTheBucketSize() {
    TokenBucket bucket = new TokenBucket(2, 60, 0);
    assertEquals(0, bucket.take(2, 3600 * SECOND));
    assertTrue(bucket.take(1, 3600 * SECOND) > 0);
  }

  @Test
  void aCostAboveTheSizeEmptiesTheBucketInsteadOfFailingForever() {
    TokenBucket bucket = new TokenBucket(5, 60, 0);
    assertEquals(0, bucket.take(2048, 0));
    assertTrue(bucket.take(1, 0) > 0);
    assertTrue(bucket.take(2048, 0) <= 5 * SECOND);
  }
}
