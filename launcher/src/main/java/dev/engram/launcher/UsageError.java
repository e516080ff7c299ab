package dev.engram.launcher;

/**
 * A verb's arguments were wrong in a way picocli cannot see (a budget of 0, a session id with a
 * tab); the message says how. Exit code 2, like picocli's own usage errors.
 */
final class UsageError extends RuntimeException {
  UsageError(String message) {
    super(message, null, false, false);
  }
}
