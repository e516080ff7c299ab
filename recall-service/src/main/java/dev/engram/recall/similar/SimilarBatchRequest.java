package dev.engram.recall.similar;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code POST /internal/v1/similar/batch}: several similar requests answered in one call
 * (capture-service's automatic relations ask for a whole queue pass at once).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record SimilarBatchRequest(
    @NotNull @Size(min = 1, max = SimilarBatchRequest.MAX)
        List<@NotNull @Valid SimilarRequest> requests) {

  /** Most requests one batch may hold; capture's relation passes are 50 by default. */
  static final int MAX = 500;
}
