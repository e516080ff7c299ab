package dev.engram.capture.client;

import jakarta.ws.rs.WebApplicationException;

/**
 * A failed delivery to a projection; {@code permanent} when the receiving service rejected the
 * batch itself (retrying the same batch cannot help), not when it was down or slow.
 */
public final class DeliveryFailure extends RuntimeException {

  private final boolean permanent;

  DeliveryFailure(String message, boolean permanent) {
    super(message, null, false, false);
    this.permanent = permanent;
  }

  public boolean permanent() {
    return permanent;
  }

  /** What a failed call to {@code service} means for the outbox. */
  static DeliveryFailure classify(String service, Throwable failure) {
    if (failure instanceof DeliveryFailure d) {
      return d;
    }
    if (failure instanceof WebApplicationException web && web.getResponse() != null) {
      int status = web.getResponse().getStatus();
      // Only a refusal of the content is permanent. 401/403/404 mean a wrong key or URL, or a
      // receiver not yet upgraded: an operator fixes that, and parking every event meanwhile
      // would drop them from the projection.
      boolean permanent = status == 400 || status == 413 || status == 422;
      return new DeliveryFailure(service + " answered " + status, permanent);
    }
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return new DeliveryFailure(service + " unreachable: " + message, false);
  }
}
