package dev.engram.recall.client;

import jakarta.ws.rs.WebApplicationException;

/** Classifies a failed call to another Engram service for skip reasons and meters. */
final class Failures {

  /** How a call failed and what to tell the caller. */
  record Failure(String kind, String message) {}

  private Failures() {}

  static Failure classify(String service, Throwable failure) {
    if (failure instanceof WebApplicationException web && web.getResponse() != null) {
      int status = web.getResponse().getStatus();
      return new Failure(status == 503 ? "unavailable" : "error", service + " answered " + status);
    }
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return new Failure("unavailable", service + " unreachable: " + message);
  }
}
