package dev.engram.capture.client;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
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
        .onFailure(f -> !(f instanceof DeliveryFailure))
        .transform(RecallIndexClient::classify);
  }

  private static DeliveryFailure classify(Throwable failure) {
    if (failure instanceof WebApplicationException web && web.getResponse() != null) {
      int status = web.getResponse().getStatus();
      boolean permanent = status >= 400 && status < 500 && status != 408 && status != 429;
      return new DeliveryFailure("recall-service answered " + status, permanent);
    }
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return new DeliveryFailure("recall-service unreachable: " + message, false);
  }

  /** A failed delivery; {@code permanent} when recall-service rejected the batch itself. */
  public static final class DeliveryFailure extends RuntimeException {
    private final boolean permanent;

    DeliveryFailure(String message, boolean permanent) {
      super(message, null, false, false);
      this.permanent = permanent;
    }

    public boolean permanent() {
      return permanent;
    }
  }
}
