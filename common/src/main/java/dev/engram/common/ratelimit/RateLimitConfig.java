package dev.engram.common.ratelimit;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Per-key request budgets (token buckets), one per class of endpoint. */
@ConfigMapping(prefix = "engram.rate-limit")
public interface RateLimitConfig {

  /** Whether limits apply at all (off in tests unless a test turns it on). */
  @WithDefault("true")
  boolean enabled();

  /**
   * How many processes serve the same callers behind one balancer (the replicas of the service).
   * Buckets live in each process, and a balancer without affinity spreads a key's calls evenly, so
   * each process keeps 1/replicas of every budget (rounded up) and together they keep the budget.
   * With a replica count that changes (an autoscaler), set the count the limits should hold at:
   * with more replicas running a key gets proportionally more, with fewer, less.
   */
  @WithDefault("1")
  int replicas();

  /**
   * Writes: POST, PUT, PATCH and DELETE on public endpoints other than the two below (and MCP write
   * tools).
   */
  Budget writes();

  /** Retrieval: POST /v1/recall, /v1/context and MCP's recall and context tool calls. */
  Budget recall();

  /** POST /v1/embeddings, counted in inputs (one request of 2,048 texts costs 2,048). */
  EmbeddingsBudget embeddings();

  /** A bucket: it holds {@code burst} tokens and refills {@code per-minute} tokens a minute. */
  interface Budget {

    /** Tokens added per minute. */
    @WithDefault("600")
    int perMinute();

    /** Bucket size: how many may be spent at once after a quiet period. */
    @WithDefault("120")
    int burst();
  }

  /** The embeddings bucket, in inputs. */
  interface EmbeddingsBudget {

    /** Inputs added per minute. */
    @WithDefault("20000")
    int perMinute();

    /** Inputs that may be spent at once (at least one full OpenAI-size request of 2,048). */
    @WithDefault("4096")
    int burst();
  }
}
