package dev.engram.common.auth;

/** The roles an API key can carry. */
public final class Roles {

  /** An agent gateway: reads and writes its tenant's memory. */
  public static final String AGENT = "agent";

  /** A tenant administrator: GLOBAL memories, reindex, quarantine. */
  public static final String ADMIN = "admin";

  /** An operator: backups, restores, audits, stats. */
  public static final String OPS = "ops";

  /** Another Engram service: the internal APIs, which may act for any tenant. */
  public static final String INTERNAL = "internal";

  private Roles() {}
}
