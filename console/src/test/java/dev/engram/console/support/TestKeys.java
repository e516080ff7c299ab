package dev.engram.console.support;

/** The keys the stub knows (tenant acme); any other key is refused with 401. */
public final class TestKeys {

  /** key id admin-1, roles admin + agent. */
  public static final String ADMIN = "console-test-admin-key";

  /** key id agent-1, role agent. */
  public static final String AGENT = "console-test-agent-key";

  /** key id admin-2, roles admin + agent: a second person of the same tenant. */
  public static final String OTHER_ADMIN = "console-test-other-admin-key";

  /** key id ops-1, tenant *, role ops: an operator of the whole suite (backups, the audit). */
  public static final String OPS = "console-test-ops-key";

  private TestKeys() {}
}
