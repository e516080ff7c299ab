package dev.engram.recall.index;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Body of {@code POST /internal/v1/index/operations}: changes applied in order. Unknown fields are
 * ignored, as on every internal API (a newer capture-service may send fields this one does not know
 * yet); unknown values ({@code op}, kind, status) are still refused.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record IndexOperationsRequest(@NotNull List<@NotNull @Valid Operation> operations) {

  static final String NAME = "[A-Za-z0-9._-]{1,64}";

  /** One operation, told apart by {@code "op"}. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = Upsert.class, name = "upsert"),
    @JsonSubTypes.Type(value = Delete.class, name = "delete"),
    @JsonSubTypes.Type(value = Reset.class, name = "reset")
  })
  sealed interface Operation permits Upsert, Delete, Reset {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Upsert(@NotNull @Valid Document document) implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Delete(
      @NotNull @Pattern(regexp = NAME) String tenant,
      @NotNull DocKind kind,
      @NotNull Long id,
      @PositiveOrZero Long version)
      implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Reset(@NotNull @Pattern(regexp = NAME) String tenant) implements Operation {}

  /** A memory or exchange as capture-service sends it. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Document(
      @NotNull @Pattern(regexp = NAME) String tenant,
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
          Map<@NotNull @Size(max = 128) String, @NotNull @Size(max = 1024) String> metadata) {}
}
