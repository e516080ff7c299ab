package dev.engram.console.client;

/**
 * A service refused a call (its status and problem detail, e.g. 403 "needs the admin role") or did
 * not answer (502). Pages show it as a message; it never becomes a 500.
 */
public final class ServiceCallFailed extends RuntimeException {

  private final int status;
  private final String service;

  ServiceCallFailed(String service, int status, String detail) {
    super(detail, null, false, false);
    this.service = service;
    this.status = status;
  }

  /** The service's HTTP status; 502 when it did not answer. */
  public int status() {
    return status;
  }

  /** Which service answered (or did not). */
  public String service() {
    return service;
  }

  /** What the service said, for a person to read. */
  public String detail() {
    return getMessage();
  }
}
