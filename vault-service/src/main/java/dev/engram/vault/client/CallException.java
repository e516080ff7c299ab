package dev.engram.vault.client;

import java.io.IOException;

/** A call that got no HTTP answer; each caller words the failure for its own job. */
public class CallException extends Exception {

  /** Why there was no answer. */
  public enum Kind {
    /** No answer within the call's deadline. */
    TIMED_OUT,
    /** The connection failed or broke. */
    UNREACHABLE,
    /** The waiting thread was interrupted (its interrupt flag is set again). */
    INTERRUPTED
  }

  private final Kind kind;

  CallException(Kind kind, IOException cause) {
    super(kind.name(), cause, false, false);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  /** The I/O failure, or null when interrupted. */
  @Override
  public synchronized IOException getCause() {
    return (IOException) super.getCause();
  }
}
