package dev.engram.graph;

import dev.engram.common.error.ErrorCode;

/** Errors graph-service raises. Codes are part of the public API and never change. */
public enum GraphError implements ErrorCode {
  GRAPH_UNAVAILABLE("graph_unavailable", 503, "The graph database is unavailable; try again later");

  private final Definition definition;

  GraphError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
