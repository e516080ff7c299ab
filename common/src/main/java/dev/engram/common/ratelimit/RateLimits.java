package dev.engram.common.ratelimit;

import dev.engram.common.auth.ApiKey;
import dev.engram.common.auth.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The buckets, one per API key id and endpoint class. Keys are configured, so the map is bounded by
 * the key list. Internal keys (other Engram services) are never limited.
 */
@ApplicationScoped
public class RateLimits {

  /** What kind of call is being paid for. */
  public enum EndpointClass {
    WRITES,
    RECALL,
    EMBEDDINGS
  }

  private final RateLimitConfig config;
  private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();

  RateLimits(RateLimitConfig config) {
    this.config = config;
  }

  /** Seconds to wait before retrying, or 0 when the call may proceed (and has been paid for). */
  public long charge(ApiKey key, EndpointClass type, int cost) {
    if (!config.enabled() || key.roles().contains(Roles.INTERNAL) || cost <= 0) {
      return 0;
    }
    long now = System.nanoTime();
    TokenBucket bucket = buckets.computeIfAbsent(key.id() + "/" + type, k -> newBucket(type, now));
    long waitNanos = bucket.take(cost, now);
    return waitNanos == 0 ? 0 : Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L);
  }

  private TokenBucket newBucket(EndpointClass type, long now) {
    return switch (type) {
      case WRITES -> bucket(config.writes().burst(), config.writes().perMinute(), now);
      case RECALL -> bucket(config.recall().burst(), config.recall().perMinute(), now);
      case EMBEDDINGS -> bucket(config.embeddings().burst(), config.embeddings().perMinute(), now);
    };
  }

  /** This process's share of a budget: 1/replicas of it, rounded up. */
  private TokenBucket bucket(int burst, int perMinute, long now) {
    int replicas = Math.max(1, config.replicas());
    return new TokenBucket(
        Math.ceilDiv(burst, replicas), Math.ceilDiv(Math.max(1, perMinute), replicas), now);
  }
}
