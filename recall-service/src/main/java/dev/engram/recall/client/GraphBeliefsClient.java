package dev.engram.recall.client;

import dev.engram.recall.config.ContextConfig;
import dev.engram.recall.context.BeliefSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Beliefs for context assembly from graph-service, with the current facts' deadline; never retried
 * (the context works without them). A graph-service that does not know the endpoint yet (404,
 * during a rolling upgrade) has no beliefs to show rather than failing.
 */
@ApplicationScoped
public class GraphBeliefsClient implements BeliefSource {

  private final GraphBeliefsRestClient client;
  private final Duration timeout;

  GraphBeliefsClient(@RestClient GraphBeliefsRestClient client, ContextConfig config) {
    this.client = client;
    this.timeout = config.factsTimeout();
  }

  @Override
  public CompletableFuture<List<Belief>> about(
      String tenant, String mode, String text, List<String> entities, int limit) {
    var call =
        client
            .about(new BeliefsWire.AboutRequest(tenant, text, entities, limit, mode))
            .map(GraphBeliefsClient::beliefs)
            .onFailure(GraphBeliefsClient::notFound)
            .recoverWithItem(List.of());
    return Failures.skippable("graph-service", timeout, call);
  }

  private static boolean notFound(Throwable failure) {
    return failure instanceof WebApplicationException web
        && web.getResponse() != null
        && web.getResponse().getStatus() == 404;
  }

  private static List<Belief> beliefs(BeliefsWire.AboutResponse r) {
    return r == null || r.beliefs() == null ? List.of() : beliefs(r.beliefs());
  }

  /** Beliefs with a statement and a truth value; anything less is left out. */
  static List<Belief> beliefs(List<BeliefsWire.Belief> answered) {
    return answered.stream()
        .filter(
            b ->
                b.statement() != null
                    && !b.statement().isBlank()
                    && b.strength() != null
                    && b.confidence() != null)
        .map(
            b ->
                new Belief(
                    b.statement(),
                    b.strength(),
                    b.confidence(),
                    b.evidenceCount() == null ? 0 : b.evidenceCount(),
                    b.contradictingEvidence() == null ? 0 : b.contradictingEvidence(),
                    Boolean.TRUE.equals(b.contradicted())))
        .toList();
  }
}
