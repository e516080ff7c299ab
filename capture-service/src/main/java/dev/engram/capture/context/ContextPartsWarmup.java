package dev.engram.capture.context;

import dev.engram.common.warmup.SelfCalls;
import dev.engram.common.warmup.WarmupStep;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Warms the read every context makes ({@code GET /internal/v1/context-parts}: slots, recent turns
 * and canonical ids) through capture's own endpoint, before capture reports ready: measured on a
 * fresh suite, the first {@code ./engram context} left the slots out ("did not answer within 500
 * ms"). It only reads, for a tenant the suite never writes for.
 */
@ApplicationScoped
class ContextPartsWarmup implements WarmupStep {

  private final SelfCalls self;

  ContextPartsWarmup(SelfCalls self) {
    this.self = self;
  }

  @Override
  public String name() {
    return "context parts";
  }

  @Override
  public boolean canRun() {
    return self.ready();
  }

  @Override
  public void run(int round) throws Exception {
    String query =
        "tenant=engram-warm-up&agent=warm-up&chat=warm-up:"
            + round
            + (round % 2 == 0 ? "&session=s-" + round + "&thread=t-" + round : "")
            + (round % 3 == 0 ? "&mode=work" : "");
    self.get("/internal/v1/context-parts?" + query);
  }
}
