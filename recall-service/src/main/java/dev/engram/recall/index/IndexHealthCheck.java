package dev.engram.recall.index;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when the index is open and its directory takes writes. */
@Readiness
@ApplicationScoped
class IndexHealthCheck implements HealthCheck {

  private final IndexStore store;

  IndexHealthCheck(IndexStore store) {
    this.store = store;
  }

  @Override
  public HealthCheckResponse call() {
    StoreHealth health = store.health();
    HealthCheckResponseBuilder response = HealthCheckResponse.named("recall-index");
    health.data().forEach((key, value) -> response.withData(key, String.valueOf(value)));
    if (!health.up()) {
      return response.down().withData("reason", health.reason()).build();
    }
    return response.up().build();
  }
}
