package dev.engram.recall.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** capture-service's {@code GET /internal/v1/slots} answer (docs/internal-apis.md). */
final class SlotsWire {

  private SlotsWire() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record SlotsResponse(List<Slot> slots) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Slot(String ownerType, String ownerId, String name, String content) {}
}
