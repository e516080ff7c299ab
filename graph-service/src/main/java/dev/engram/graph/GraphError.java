package dev.engram.graph;

import dev.engram.common.error.ErrorCode;

/** Errors graph-service raises. Codes are part of the public API and never change. */
public enum GraphError implements ErrorCode {
  GRAPH_UNAVAILABLE("graph_unavailable", 503, "The graph database is unavailable; try again later");

  private final String code;
  private final int status;
  private final String title;

  GraphError(String code, int status, String title) {
    this.code = code;
    this.status = status;
    this.title = title;
  }

  @Override
  public String code() {
    return code;
  }

  @Override
  public int status() {
    return status;
  }

  @Override
  public String title() {
    return title;
  }
}
