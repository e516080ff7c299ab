package dev.engram.capture.client;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Sends index operations to recall-service. Failures come back as {@link DeliveryFailure}, which
 * says whether retrying the same batch can help (an outage) or not (recall refused it as invalid).
 */
@ApplicationScoped
public class RecallIndexClient {

  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  private final RecallIndexRestClient client;

  RecallIndexClient(@RestClient RecallIndexRestClient client) {
    this.client = client;
  }

  public Uni<IndexOperation.Result> apply(List<IndexOperation> operations) {
    return client
        .apply(new IndexOperation.Batch(operations))
        .ifNoItem()
        .after(TIMEOUT)
        .failWith(
            () -> new DeliveryFailure("recall-service did not answer within " + TIMEOUT, false))
        .onFailure()
        .transform(f -> DeliveryFailure.classify("recall-service", f));
  }
}
