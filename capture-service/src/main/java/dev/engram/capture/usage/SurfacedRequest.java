package dev.engram.capture.usage;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;

/**
 * {@code POST /internal/v1/memories/surfaced}: usage recall-service batched since its last flush,
 * one item per (tenant, memory), already summed there.
 */
record SurfacedRequest(
    @NotNull @Size(max = SurfacedRequest.MAX_ITEMS) List<@NotNull @Valid Item> items) {

  static final int MAX_ITEMS = 5000;

  /**
   * {@code times} surfacings of memory {@code id}, the last at {@code last_surfaced}; {@code
   * last_used} when a context pack last gave it to an agent (null: only recalled).
   */
  record Item(
      @NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String tenant,
      @NotNull Long id,
      @NotNull @Positive Integer times,
      @NotNull Instant lastSurfaced,
      Instant lastUsed) {}

  /** How many memories were counted (ids that no longer exist are skipped). */
  record Counted(int memories) {}
}
