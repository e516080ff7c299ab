package dev.engram.capture.promotion;

import dev.engram.capture.background.ScheduledPass;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Runs the candidate pass on its own schedule ({@code engram.capture.promotion.interval}, default
 * 1h), apart from the Reflector: it reads what the Reflector wrote, and days are its unit.
 */
@ApplicationScoped
class PromotionSchedule {

  private static final Logger LOG = Logger.getLogger(PromotionSchedule.class);

  private final PromotionService promotions;
  private final Vertx vertx;

  PromotionSchedule(PromotionService promotions, Vertx vertx) {
    this.promotions = promotions;
    this.vertx = vertx;
  }

  @Scheduled(
      identity = "promotion",
      every = "${engram.capture.promotion.interval:1h}",
      concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  Uni<Void> tick() {
    return ScheduledPass.run(
        vertx,
        LOG,
        "Promotion pass",
        promotions::scan,
        scan -> {
          if (scan.proposed() > 0) {
            LOG.infof(
                "Promotion pass: %d proposed, %d auto-approved",
                scan.proposed(), scan.autoApproved());
          }
        });
  }
}
