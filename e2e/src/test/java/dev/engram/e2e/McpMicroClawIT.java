package dev.engram.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link McpMicroClawChecks} against recall-service itself, in the shared suite (McpReplicasIT runs
 * the same checks through two replicas behind a balancer).
 */
@Tag(SharedSuite.TAG)
class McpMicroClawIT extends McpMicroClawChecks {

  @RegisterExtension
  static final SharedSuite SHARED =
      SharedSuite.withKeys(GATEWAY_KEY, GATEWAY_KEY_ID, OTHER_TENANT_KEY, OTHER_TENANT_KEY_ID);

  @Override
  @BeforeAll
  void startTheSuite() {
    started = SHARED.started();
    suite = started.suite;
  }
}
