package dev.engram.recall.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** graph-service's {@code POST /internal/v1/graph/beliefs/about} on the wire. */
final class BeliefsWire {

  private BeliefsWire() {}

  record AboutRequest(String tenant, String text, List<String> entities, int limit, String mode) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record AboutResponse(List<Belief> beliefs) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Belief(
      String id,
      String statement,
      Double strength,
      Double confidence,
      Long evidenceCount,
      Long contradictingEvidence,
      Boolean contradicted) {}
}
