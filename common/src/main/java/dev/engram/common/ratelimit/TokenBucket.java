package dev.engram.common.ratelimit;

/**
 * A token bucket refilled continuously. {@link #take} either spends the tokens or says how long
 * until they would be there; a cost above the bucket size is capped to it, so one large request is
 * slowed down, not refused forever.
 */
final class TokenBucket {

  private final double capacity;
  private final double perNano;
  private double tokens;
  private long last;

  TokenBucket(int capacity, int perMinute, long now) {
    this.capacity = Math.max(1, capacity);
    this.perNano = Math.max(1, perMinute) / 60e9;
    this.tokens = this.capacity;
    this.last = now;
  }

  /** Spends {@code cost} tokens and returns 0, or returns the nanoseconds to wait for them. */
  synchronized long take(int cost, long now) {
    tokens = Math.min(capacity, tokens + (now - last) * perNano);
    last = now;
    double wanted = Math.min(cost, capacity);
    if (tokens >= wanted) {
      tokens -= wanted;
      return 0;
    }
    return (long) Math.ceil((wanted - tokens) / perNano);
  }
}
