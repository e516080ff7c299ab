package dev.engram.common.warmup;

/**
 * One hot path a service runs before it reports ready, so that its first callers meet compiled code
 * and planned statements rather than paying for them on their deadlines. A step only reads (or
 * works on data of its own that it removes), never changes what a tenant sees.
 */
public interface WarmupStep {

  /** A short name for the log and the readiness answer. */
  String name();

  /** False while the step cannot run yet (e.g. the schema is not applied); the warm-up waits. */
  default boolean canRun() {
    return true;
  }

  /** One round of the step; {@code round} varies the inputs so no answer is cached. */
  void run(int round) throws Exception;

  /** Called once after the last round, to drop what the step made for itself. */
  default void close() {}
}
