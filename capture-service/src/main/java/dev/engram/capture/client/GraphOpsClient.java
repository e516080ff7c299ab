package dev.engram.capture.client;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Sends graph operations to graph-service; failures come back as {@link DeliveryFailure}, like
 * {@link RecallIndexClient}'s.
 */
@ApplicationScoped
public class GraphOpsClient {

  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  private final GraphOpsRestClient client;

  GraphOpsClient(@RestClient GraphOpsRestClient client) {
    this.client = client;
  }

  public Uni<GraphOperation.Result> apply(List<GraphOperation> operations) {
    return client
        .apply(new GraphOperation.Batch(operations))
        .ifNoItem()
        .after(TIMEOUT)
        .failWith(
            () -> new DeliveryFailure("graph-service did not answer within " + TIMEOUT, false))
        .onFailure()
        .transform(f -> DeliveryFailure.classify("graph-service", f));
  }
}
