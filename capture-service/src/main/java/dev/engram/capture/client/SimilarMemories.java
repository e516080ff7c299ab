package dev.engram.capture.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.capture.config.CaptureConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
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
  private final SimilarBatchRestClient batchClient;
  private final Duration timeout;
  private final Duration batchTimeout;
  private final Duration pause;
  private volatile Instant pausedUntil = Instant.EPOCH;

  SimilarMemories(
      @RestClient SimilarRestClient client,
      @RestClient SimilarBatchRestClient batchClient,
      CaptureConfig config) {
    this.client = client;
    this.batchClient = batchClient;
    this.timeout = config.dedup().similarTimeout();
    this.batchTimeout = config.relations().similarTimeout();
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

  /** Several requests in one call (automatic relations). */
  public record BatchRequest(List<Request> requests) {}

  /** One result per request, in request order. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record BatchResult(List<Result> results) {}

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

  /**
   * The nearest memories for each request, in request order, in one call; empty if recall-service
   * cannot answer. A recall-service without the batch endpoint (404/405, one not yet upgraded) does
   * not pause {@link #nearest}, so the caller can still ask one request at a time.
   */
  public Uni<Optional<List<List<Item>>>> nearestAll(List<Request> requests) {
    if (Instant.now().isBefore(pausedUntil)) {
      return Uni.createFrom().item(Optional.empty());
    }
    return batchClient
        .similar(new BatchRequest(requests))
        .ifNoItem()
        .after(batchTimeout)
        .fail()
        .map(result -> answers(result, requests.size()))
        .onFailure()
        .recoverWithItem(
            failure -> {
              if (!missingEndpoint(failure)) {
                pausedUntil = Instant.now().plus(pause);
              }
              LOG.warnf(
                  "Batched similar search unavailable (%s)",
                  DeliveryFailure.classify("recall-service", failure).getMessage());
              return Optional.empty();
            });
  }

  private static Optional<List<List<Item>>> answers(BatchResult result, int expected) {
    if (result.results() == null || result.results().size() != expected) {
      throw new IllegalStateException("recall-service answered a batch of another size");
    }
    return Optional.of(
        result.results().stream()
            .map(r -> r == null || r.items() == null ? List.<Item>of() : r.items())
            .toList());
  }

  private static boolean missingEndpoint(Throwable failure) {
    return failure instanceof WebApplicationException web
        && web.getResponse() != null
        && (web.getResponse().getStatus() == 404 || web.getResponse().getStatus() == 405);
  }

  /** Forgets a past failure (tests, and an operator who knows recall is back). */
  public void resume() {
    pausedUntil = Instant.EPOCH;
  }
}
