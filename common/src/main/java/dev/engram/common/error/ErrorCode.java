package dev.engram.common.error;

/**
 * A stable, machine-readable error: the code never changes once released, so clients may switch on
 * it. Each service has one enum implementing this; {@link CommonError} holds the shared ones.
 */
public interface ErrorCode {

  /** What the error is: the enum constant's code, status and title. */
  Definition definition();

  /** The stable code, lower_snake_case, e.g. {@code memory_not_found}. */
  default String code() {
    return definition().code();
  }

  /** The HTTP status this error is rendered with. */
  default int status() {
    return definition().status();
  }

  /** A short human summary that does not vary between occurrences. */
  default String title() {
    return definition().title();
  }

  /** True when repeating the same request later may succeed (the cause is transient). */
  default boolean retriable() {
    return status() == 503 || status() == 429;
  }

  /** An error's code, HTTP status and title. */
  record Definition(String code, int status, String title) {}
}
