package dev.engram.graph;

import dev.engram.common.error.ErrorCode;

/** Errors graph-service raises. Codes are part of the public API and never change. */
public enum GraphError implements ErrorCode {
  GRAPH_UNAVAILABLE("graph_unavailable", 503, "The graph database is unavailable; try again later"),
  ENTITY_NOT_FOUND("entity_not_found", 404, "No such entity"),
  BELIEF_NOT_FOUND("belief_not_found", 404, "No such belief"),
  MERGE_NOT_FOUND("merge_not_found", 404, "No such entity merge"),
  MERGE_CONFLICT("merge_conflict", 409, "The merge cannot be done or undone in this state"),
  IMPORT_INVALID("import_invalid", 400, "The import stream is not a valid graph export");

  private final Definition definition;

  GraphError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
