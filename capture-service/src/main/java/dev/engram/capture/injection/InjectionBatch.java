package dev.engram.capture.injection;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /internal/v1/injections}: the injection records recall-service collected since its
 * last flush, each naming its tenant. One invalid record refuses the batch (nothing stored).
 */
record InjectionBatch(
    @NotNull @Size(max = InjectionBatch.MAX_RECORDS) List<@NotNull @Valid Item> records) {

  static final int MAX_RECORDS = 500;

  /** A reference to what was shown or left out: {@code memory:123}, {@code slot:handoff}, … */
  static final String REF = "[a-z_]{1,32}:\\S{1,256}";

  /** What one context or session_start answer gave the agent. */
  record Item(
      @NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String tenant,
      @NotBlank @Size(max = 256) String agent,
      @Size(min = 1, max = 256) String chat,
      @Size(min = 1, max = 256) String thread,
      @Size(min = 1, max = 256) String sessionId,
      @NotNull @Pattern(regexp = "context|session_start") String kind,
      @NotNull Instant createdAt,
      String query,
      @NotNull @Min(1) Integer budgetTokens,
      @NotNull @Min(0) Integer tokens,
      @NotNull @Min(0) Integer selected,
      @NotNull @Min(0) Long candidates,
      @NotNull @Min(0) Long omitted,
      @NotNull @Size(max = 200) List<@NotNull @Valid Section> sections,
      @NotNull List<@NotNull @Valid Omitted> omittedItems,
      @NotNull @Size(max = 100) List<@NotNull @Valid Skipped> skippedSources) {}

  /** A section of the block and the items it showed. */
  record Section(
      @NotBlank @Size(max = 200) String name,
      @NotNull @Min(0) Integer tokens,
      @NotNull List<@NotNull @Valid Shown> items) {}

  /** An item shown: its line (cut on storing), fused score and per-signal ranks (recall hits). */
  record Shown(
      @NotNull @Pattern(regexp = REF) String ref,
      @NotNull String text,
      Double score,
      Map<@Pattern(regexp = "[a-z_]{1,32}") String, @NotNull @Valid SignalRank> signals) {}

  /** Where one recall signal ranked the item, and its own score. */
  record SignalRank(@NotNull @Min(1) Integer rank, @NotNull Double score) {}

  /** A candidate left out, and why. */
  record Omitted(
      @NotNull @Pattern(regexp = REF) String ref, @NotBlank @Size(max = 200) String reason) {}

  /** A source the answer did without, and why. */
  record Skipped(
      @NotBlank @Size(max = 64) String source, @NotNull @Size(max = 500) String reason) {}

  /** How many records were stored. */
  record Stored(int records) {}
}
