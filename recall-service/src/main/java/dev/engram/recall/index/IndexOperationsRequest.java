package dev.engram.recall.index;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;

/**
 * Body of {@code POST /internal/v1/index/operations}: changes applied in order. Unknown fields are
 * ignored, as on every internal API (a newer capture-service may send fields this one does not know
 * yet); unknown values ({@code op}, kind, status) are still refused. The document of an upsert is
 * the shared contract, {@link IndexDocument}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record IndexOperationsRequest(@NotNull List<@NotNull @Valid Operation> operations) {

  /** One operation, told apart by {@code "op"}. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = Upsert.class, name = "upsert"),
    @JsonSubTypes.Type(value = Delete.class, name = "delete"),
    @JsonSubTypes.Type(value = Reset.class, name = "reset")
  })
  sealed interface Operation permits Upsert, Delete, Reset {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Upsert(@NotNull @Valid IndexDocument document) implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Delete(
      @NotNull @Pattern(regexp = IndexDocument.TENANT_PATTERN) String tenant,
      @NotNull DocKind kind,
      @NotNull Long id,
      @PositiveOrZero Long version)
      implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Reset(@NotNull @Pattern(regexp = IndexDocument.TENANT_PATTERN) String tenant)
      implements Operation {}
}
