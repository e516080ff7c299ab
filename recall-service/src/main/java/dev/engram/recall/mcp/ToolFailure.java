package dev.engram.recall.mcp;

/**
 * A tool call that cannot be served as asked; its message goes back to the client as the text of an
 * {@code isError} result, so it says what to fix and never carries internals.
 */
final class ToolFailure extends RuntimeException {

  ToolFailure(String message) {
    super(message, null, false, false);
  }
}
