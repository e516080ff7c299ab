package dev.engram.recall.embedding;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when the embedding model is loaded: without it neither recall nor indexing works. */
@Readiness
@ApplicationScoped
class EmbeddingModelHealthCheck implements HealthCheck {

  private final LocalEmbeddingModel model;

  EmbeddingModelHealthCheck(LocalEmbeddingModel model) {
    this.model = model;
  }

  @Override
  public HealthCheckResponse call() {
    var response =
        HealthCheckResponse.named("embedding-model")
            .withData("model", model.modelId())
            .withData("dimensions", model.dimensions());
    if (model.failure() != null) {
      return response.down().withData("reason", "not loaded: " + model.failure()).build();
    }
    return response.up().withData("load_ms", model.loadMillis()).build();
  }
}
