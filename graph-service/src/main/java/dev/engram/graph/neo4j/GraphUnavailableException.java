package dev.engram.graph.neo4j;

/**
 * Neo4j could not answer: unreachable, refusing our credentials, overloaded or too slow. The reason
 * is for operators (logs, readiness data); API clients get a 503 without it.
 */
public class GraphUnavailableException extends RuntimeException {

  public GraphUnavailableException(String reason, Throwable cause) {
    super(reason, cause, false, false);
  }
}
