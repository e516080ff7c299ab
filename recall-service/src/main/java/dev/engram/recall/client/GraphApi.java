package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.config.McpConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * graph-service's entity timeline and beliefs for the MCP tools, with the caller's key and a
 * deadline. A 4xx arrives as {@link CaptureRefusal} (its problem code and detail), anything else as
 * {@link CaptureUnavailable} naming graph-service.
 */
@ApplicationScoped
public class GraphApi {

  private final GraphApiRestClient client;
  private final Duration timeout;

  GraphApi(@RestClient GraphApiRestClient client, McpConfig config) {
    this.client = client;
    this.timeout = config.captureTimeout();
  }

  /**
   * What graph-service's {@code GET /v1/entities/{ref}/timeline} answers; with a {@code mode}, only
   * facts of that mode and untagged ones.
   */
  public record TimelineQuery(
      String ref, String agent, String chat, String predicate, Integer limit, String mode) {

    /** Of every mode. */
    public TimelineQuery(String ref, String agent, String chat, String predicate, Integer limit) {
      this(ref, agent, chat, predicate, limit, null);
    }
  }

  /** {@code GET /v1/beliefs?statement=}: the belief and its latest evidence. */
  public Uni<JsonNode> belief(MemoriesClient.As as, String statement) {
    return CaptureApi.guard("graph-service", timeout, client.belief(as.headers(), statement));
  }

  /** {@code POST /v1/beliefs/infer}: the chains from one thing to another and their conclusion. */
  public Uni<JsonNode> infer(MemoriesClient.As as, Map<String, Object> body) {
    return CaptureApi.guard("graph-service", timeout, client.infer(as.headers(), body));
  }

  public Uni<JsonNode> timeline(MemoriesClient.As as, TimelineQuery q) {
    return CaptureApi.guard(
        "graph-service",
        timeout,
        client.timeline(
            as.headers(), q.ref(), q.agent(), q.chat(), q.predicate(), q.limit(), q.mode()));
  }
}
