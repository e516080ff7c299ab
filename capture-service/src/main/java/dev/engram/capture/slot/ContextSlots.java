package dev.engram.capture.slot;

import java.time.Instant;
import java.util.List;

/** The slots recall-service puts first into an assembled context (the internal API's body). */
public record ContextSlots(List<ContextSlot> slots) {

  /** One slot as context assembly needs it. */
  public record ContextSlot(
      SlotOwner ownerType,
      String ownerId,
      String name,
      String content,
      int tokens,
      long version,
      Instant updatedAt) {

    static ContextSlot of(Slot s) {
      return new ContextSlot(
          s.ownerType, s.ownerId, s.name, s.content, s.tokens, s.version, s.updatedAt);
    }
  }
}
