package dev.engram.recall.embedding;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only when the embedding model is usable: without it neither recall nor indexing works. An
 * HTTP provider is not called here (a probe every few seconds would cost money at a hosted API);
 * its failures show as 503 embedding_unavailable on the requests that need it.
 */
@Readiness
@ApplicationScoped
class EmbeddingModelHealthCheck implements HealthCheck {

  private final EmbeddingModel model;

  EmbeddingModelHealthCheck(EmbeddingModel model) {
    this.model = model;
  }

  @Override
  public HealthCheckResponse call() {
    var response =
        HealthCheckResponse.named("embedding-model")
            .withData("provider", model.provider())
            .withData("model", model.modelId())
            .withData("dimensions", model.dimensions());
    if (model.failure() != null) {
      return response.down().withData("reason", "not loaded: " + model.failure()).build();
    }
    return response.up().withData("load_ms", model.loadMillis()).build();
  }
}
