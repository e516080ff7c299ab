package dev.engram.recall.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;

/**
 * capture-service's {@code GET /internal/v1/slots}, {@code GET /internal/v1/exchanges/recent} and
 * {@code GET /internal/v1/canonical} answers, and {@code GET /internal/v1/context-parts} (all
 * three) (docs/internal-apis.md, docs/contracts). Unknown fields are ignored: a newer capture may
 * add some.
 */
final class CaptureInternalWire {

  private CaptureInternalWire() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record SlotsResponse(List<Slot> slots) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Slot(String ownerType, String ownerId, String name, String content) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record RecentTurns(List<Turn> turns, Boolean more) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Turn(
      Long id,
      String speaker,
      String role,
      String text,
      Instant occurredAt,
      String thread,
      String session) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Canonical(List<CanonicalMemory> memories) {}

  /** {@code GET /internal/v1/context-parts}: {@code recent} is null when no turns were asked. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record ContextParts(List<Slot> slots, RecentTurns recent, List<CanonicalMemory> canonical) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record CanonicalMemory(Long id, String category, String text) {}
}
