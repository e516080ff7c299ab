package dev.engram.recall.recall;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.Set;

/**
 * Body of {@code POST /v1/recall}. {@code agent} and {@code chat} select what is visible inside the
 * key's tenant (without {@code chat}: GLOBAL and AGENT memories only); {@code thread} is the active
 * thread the thread signal boosts; {@code mode} limits it to that mode and untagged items (none:
 * every mode). The rest are filters (see README).
 */
public record RecallRequest(
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @NotBlank String query,
    @Min(1) Integer k,
    @Size(min = 1) Set<@NotNull DocKind> kinds,
    @Size(min = 1, max = 16) Set<@NotBlank @Size(max = 64) String> categories,
    @DecimalMin("0") @DecimalMax("1") Double minConfidence,
    Boolean includeArchived,
    @Valid TimeRange timeRange,
    @Size(min = 1, max = 64) Set<@NotBlank @Size(max = 256) String> speakers,
    Instant asOf,
    @Pattern(regexp = IndexDocument.MODE_PATTERN, message = MODE_MESSAGE) String mode) {

  /** Why a mode was refused. */
  public static final String MODE_MESSAGE =
      "must be a lower-case token of 1-32 letters, digits, '_' or '-' such as work";

  static final int DEFAULT_K = 10;

  int kOrDefault() {
    return k == null ? DEFAULT_K : k;
  }

  Set<DocKind> kindsOrDefault() {
    return kinds == null ? Set.of(DocKind.values()) : kinds;
  }

  /** Items created in [from, to); either end may be open. */
  record TimeRange(Instant from, Instant to) {}
}
