package dev.engram.capture.slot;

import java.time.Instant;

/** A slot as clients see it. {@code version} is what {@code expected_version} is compared with. */
public record SlotView(
    String agent,
    SlotOwner ownerType,
    String ownerId,
    String name,
    String content,
    int tokens,
    String contentSha256,
    long version,
    Instant createdAt,
    Instant updatedAt,
    String updatedBy,
    SlotStatus status,
    String statusReason) {

  /**
   * The view of a row. A tenant's slot shows its agent as stored, empty: audit views and exported
   * rows name a slot the same way (vault-service's audit scan matches them by address).
   */
  public static SlotView of(Slot s) {
    return new SlotView(
        s.agent,
        s.ownerType,
        s.ownerId,
        s.name,
        s.content,
        s.tokens,
        s.contentSha256,
        s.version,
        s.createdAt,
        s.updatedAt,
        s.updatedBy,
        s.status,
        s.statusReason);
  }
}
