package dev.engram.launcher;

/** A component could not be started or checked; the message says which and why (log tail). */
public final class SuiteException extends RuntimeException {

  private final transient Component component;

  public SuiteException(Component component, String message) {
    super(message);
    this.component = component;
  }

  /** The component that failed. */
  public Component component() {
    return component;
  }
}
