package dev.engram.recall;

import dev.engram.common.error.ErrorCode;

/** Errors of recall-service. Codes are part of the public API and never change. */
public enum RecallError implements ErrorCode {
  INDEX_UNAVAILABLE("index_unavailable", 503, "The recall index is not available"),
  EMBEDDING_UNAVAILABLE("embedding_unavailable", 503, "The embedding model is not available"),
  REINDEX_REQUIRED(
      "reindex_required", 409, "The index holds vectors of another embedding model; reindex"),
  INVALID_VECTOR("invalid_vector", 400, "A vector does not fit the index");

  private final Definition definition;

  RecallError(String code, int status, String title) {
    this.definition = new Definition(code, status, title);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
