package dev.engram.graph.neo4j;

import dev.engram.common.correlation.CorrelationId;
import dev.engram.common.error.ProblemMappers;
import dev.engram.graph.GraphError;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A Neo4j outage answers 503 problem+json; the reason goes to the log, not to the client. */
public class GraphUnavailableMapper {

  private static final Logger LOG = Logger.getLogger(GraphUnavailableMapper.class);

  @ServerExceptionMapper
  public Response unavailable(GraphUnavailableException e, HttpServerRequest request) {
    LOG.warnf("Neo4j unavailable [%s]: %s", CorrelationId.of(request), e.getMessage());
    return ProblemMappers.render(
        request,
        GraphError.GRAPH_UNAVAILABLE,
        "The graph database is unavailable; try again shortly",
        List.of(),
        Map.of());
  }
}
