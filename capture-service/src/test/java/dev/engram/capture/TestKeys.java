package dev.engram.capture;

/** API keys configured for tests (their sha256 is in application.properties, %test profile). */
public final class TestKeys {

  /** Tenant acme, roles agent + admin. */
  public static final String ADMIN = "test-admin-key";

  /** Tenant acme, role agent. */
  public static final String AGENT = "test-agent-key";

  /** Tenant globex, roles agent + admin. */
  public static final String OTHER_TENANT = "test-globex-key";

  /**
   * Tenant initech, roles agent + admin: only tests under {@code IsolatedTenantProfile} use it, so
   * their lifecycle limits touch nobody else's memories.
   */
  public static final String ISOLATED = "test-initech-key";

  /** Tenant acme, role ops only. */
  public static final String OPS = "test-ops-key";

  /** Tenant {@code *}, role ops: the suite's operator key (every tenant's backups, scans). */
  public static final String SUITE_OPS = "test-suite-ops-key";

  /** What capture-service presents to recall-service (the stub checks it). */
  public static final String INTERNAL = "test-internal-key";

  private TestKeys() {}

  public static String bearer(String key) {
    return "Bearer " + key;
  }
}
