package dev.engram.capture.memory;

/**
 * A mode tag (issue 17): a lower-case token of at most 32 characters, the same check as the column
 * constraint of V9. Recall for a mode sees that mode and untagged items only.
 */
public final class Modes {

  public static final String PATTERN = "^[a-z][a-z0-9_-]{0,31}$";

  public static final String MESSAGE =
      "must be a lower-case token of 1-32 letters, digits, '_' or '-' such as work";

  private Modes() {}
}
