package dev.engram.capture.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.capture.config.CaptureConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Asks recall-service for the memories nearest to a text (semantic dedup). Never fails: an empty
 * Optional means "recall-service cannot tell right now" and the caller falls back to lexical dedup.
 * After a failure it stays quiet for a pause, so an outage costs one timeout, not one per memory.
 */
@ApplicationScoped
public class SimilarMemories {

  private static final Logger LOG = Logger.getLogger(SimilarMemories.class);

  private final SimilarRestClient client;
  private final Duration timeout;
  private final Duration pause;
  private volatile Instant pausedUntil = Instant.EPOCH;

  SimilarMemories(@RestClient SimilarRestClient client, CaptureConfig config) {
    this.client = client;
    this.timeout = config.dedup().similarTimeout();
    this.pause = config.dedup().similarPause();
  }

  /** The request body (see docs/internal-apis.md). */
  public record Request(
      String tenant,
      String agent,
      String chat,
      String text,
      List<String> kinds,
      int k,
      double minScore) {}

  /** One neighbour (fields a newer recall-service adds are ignored). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Item(long id, String kind, double score, String text) {}

  /** The response body; fields a newer receiver adds are ignored, never a failure. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Result(List<Item> items) {}

  /** The nearest ACTIVE memories visible to (tenant, agent, chat), or empty if unavailable. */
  public Uni<Optional<List<Item>>> nearest(
      String tenant, String agent, String chat, String text, int k, double minScore) {
    if (Instant.now().isBefore(pausedUntil)) {
      return Uni.createFrom().item(Optional.empty());
    }
    return client
        .similar(new Request(tenant, agent, chat, text, List.of("memory"), k, minScore))
        .ifNoItem()
        .after(timeout)
        .fail()
        .map(result -> Optional.of(result.items() == null ? List.<Item>of() : result.items()))
        .onFailure()
        .recoverWithItem(
            failure -> {
              pausedUntil = Instant.now().plus(pause);
              LOG.warnf(
                  "Semantic dedup unavailable (%s); lexical dedup for the next %d s",
                  DeliveryFailure.classify("recall-service", failure).getMessage(),
                  pause.toSeconds());
              return Optional.empty();
            });
  }

  /** Forgets a past failure (tests, and an operator who knows recall is back). */
  public void resume() {
    pausedUntil = Instant.EPOCH;
  }
}
