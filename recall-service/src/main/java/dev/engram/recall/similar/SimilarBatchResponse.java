package dev.engram.recall.similar;

import java.util.List;

/** Answer of {@code POST /internal/v1/similar/batch}: one result per request, in request order. */
record SimilarBatchResponse(List<SimilarResponse> results) {}
