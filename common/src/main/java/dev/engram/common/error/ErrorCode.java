package dev.engram.common.error;

/**
 * A stable, machine-readable error: the code never changes once released, so clients may switch on
 * it. Each service has one enum implementing this; {@link CommonError} holds the shared ones.
 */
public interface ErrorCode {

  /** The stable code, lower_snake_case, e.g. {@code memory_not_found}. */
  String code();

  /** The HTTP status this error is rendered with. */
  int status();

  /** A short human summary that does not vary between occurrences. */
  String title();

  /** True when repeating the same request later may succeed (the cause is transient). */
  default boolean retriable() {
    return status() == 503 || status() == 429;
  }
}
