package dev.engram.graph.support;

/** Clear-text keys matching the %test entries of engram.auth.keys. */
public final class TestKeys {

  /** tenant-a, role agent. */
  public static final String AGENT_A = "Bearer graph-agent-a-secret";

  /** tenant-a, role ops. */
  public static final String OPS_A = "Bearer graph-ops-a-secret";

  /** tenant-a, role admin. */
  public static final String ADMIN_A = "Bearer graph-admin-a-secret";

  /** tenant-b, role admin. */
  public static final String ADMIN_B = "Bearer graph-admin-b-secret";

  /** tenant-b, role agent. */
  public static final String AGENT_B = "Bearer graph-agent-b-secret";

  /** tenant *, role internal only. */
  public static final String INTERNAL = "Bearer graph-internal-secret";

  private TestKeys() {}
}
