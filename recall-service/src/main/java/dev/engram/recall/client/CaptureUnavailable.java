package dev.engram.recall.client;

/** capture-service could not be reached or did not answer in time; the message says which. */
public final class CaptureUnavailable extends RuntimeException {

  CaptureUnavailable(String message, Throwable cause) {
    super(message, cause, false, false);
  }
}
