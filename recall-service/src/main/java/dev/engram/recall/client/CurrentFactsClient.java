package dev.engram.recall.client;

import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.context.FactSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Current facts (and, if asked for, beliefs) for context assembly from graph-service, in one
 * request with a deadline; never retried (the context waits for it and works without it).
 */
@ApplicationScoped
public class CurrentFactsClient implements FactSource {

  private final GraphRestClient client;
  private final Duration timeout;

  CurrentFactsClient(@RestClient GraphRestClient client, ContextConfig config) {
    this.client = client;
    this.timeout = config.factsTimeout();
  }

  @Override
  public CompletableFuture<Found> current(Ask ask) {
    var request =
        new GraphWire.CurrentFactsRequest(
            ask.tenant(),
            ask.agent(),
            ask.chat(),
            ask.text(),
            ask.entities(),
            ask.limit(),
            ask.mode(),
            ask.beliefsLimit() > 0 ? ask.beliefsLimit() : null);
    return Failures.skippable(
        "graph-service",
        timeout,
        client
            .currentFacts(request)
            .map(
                r ->
                    new Found(
                        facts(r),
                        r == null || r.beliefs() == null
                            ? null
                            : GraphBeliefsClient.beliefs(r.beliefs()))));
  }

  /** Facts with a subject, a predicate and an object; anything less is left out. */
  private static Facts facts(GraphWire.CurrentFactsResponse r) {
    if (r == null || r.facts() == null) {
      return new Facts(List.of(), 0);
    }
    List<Fact> facts =
        r.facts().stream()
            .filter(
                f ->
                    f.id() != null
                        && f.predicate() != null
                        && named(f.subject())
                        && named(f.object()))
            .map(
                f ->
                    new Fact(
                        f.id(),
                        f.subject().name(),
                        f.predicate(),
                        f.object().name(),
                        f.validFrom(),
                        f.validTo()))
            .toList();
    return new Facts(facts, r.omitted() == null ? 0 : r.omitted());
  }

  private static boolean named(GraphWire.Entity e) {
    return e != null && e.name() != null && !e.name().isBlank();
  }
}
