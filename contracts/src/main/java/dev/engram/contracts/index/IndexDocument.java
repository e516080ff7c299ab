package dev.engram.contracts.index;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A memory or an exchange as capture-service sends it to recall-service's index API, as recall
 * indexes, exports (with a vector) and returns it. Identified by (tenant, kind, id); {@code
 * version} orders updates of one document. {@code archivedAt} / {@code supersededAt} say when a
 * memory left ACTIVE (for {@code as_of}); {@code source}, {@code sourceExchangeIds} and {@code
 * metadata} are provenance, stored and returned but never searched; {@code mode} (optional, last)
 * isolates modes.
 *
 * <p>The JSON names come from the services' snake_case naming; the component order is the wire
 * order. {@code id} and {@code version} are boxed so a missing one is a validation error, not 0.
 * Unknown fields are ignored: a newer sender may add some.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record IndexDocument(
    @NotNull @Pattern(regexp = IndexDocument.TENANT_PATTERN) String tenant,
    @NotNull DocKind kind,
    @NotNull Long id,
    @NotNull @PositiveOrZero Long version,
    @Size(min = 1, max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @Size(min = 1, max = 256) String session,
    @NotNull Scope scope,
    @Size(min = 1, max = 64) String category,
    @NotNull Status status,
    @Size(min = 1, max = 256) String speaker,
    @Size(min = 1, max = 64) String role,
    @NotBlank String text,
    @DecimalMin("0") @DecimalMax("1") Double confidence,
    @NotNull Instant createdAt,
    Instant expiresAt,
    Instant archivedAt,
    Instant supersededAt,
    @Size(min = 1, max = 64) String source,
    @Size(max = 1000) List<@NotNull Long> sourceExchangeIds,
    @Size(max = 64)
        Map<@NotNull @Size(max = 128) String, @NotNull @Size(max = 1024) String> metadata,
    @Pattern(regexp = IndexDocument.MODE_PATTERN) String mode) {

  /** A tenant name (also the tenant of a delete or reset). */
  public static final String TENANT_PATTERN = "[A-Za-z0-9._-]{1,64}";

  /**
   * A mode tag (work, personal, ...): recall for a mode sees documents of that mode and untagged
   * ones (null) only.
   */
  public static final String MODE_PATTERN = "[a-z][a-z0-9_-]{0,31}";

  public IndexDocument {
    // No sources is an empty list; nulls inside are kept for validation to report, not an NPE.
    sourceExchangeIds =
        sourceExchangeIds == null
            ? List.of()
            : Collections.unmodifiableList(new ArrayList<>(sourceExchangeIds));
  }
}
