package dev.engram.graph.operations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.engram.graph.scope.Scope;
import dev.engram.graph.scope.Visibility;
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

/**
 * Body of {@code POST /internal/v1/graph/operations} (docs/internal-apis.md): changes applied in
 * order. Unknown fields are ignored, as on every internal API, so a newer capture-service can talk
 * to an older graph-service during a rolling upgrade.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record GraphOperationsRequest(@NotNull List<@NotNull @Valid Operation> operations) {

  static final String NAME = "[A-Za-z0-9._-]{1,64}";

  /** One operation, told apart by {@code "op"}. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = UpsertMemory.class, name = "upsert_memory"),
    @JsonSubTypes.Type(value = DeleteMemory.class, name = "delete_memory"),
    @JsonSubTypes.Type(value = UpsertExchange.class, name = "upsert_exchange"),
    @JsonSubTypes.Type(value = UpsertFact.class, name = "upsert_fact"),
    @JsonSubTypes.Type(value = DeleteFact.class, name = "delete_fact"),
    @JsonSubTypes.Type(value = UpsertRelation.class, name = "upsert_relation"),
    @JsonSubTypes.Type(value = DeleteRelation.class, name = "delete_relation"),
    @JsonSubTypes.Type(value = Reset.class, name = "reset"),
    @JsonSubTypes.Type(value = BeliefEvidence.class, name = "belief_evidence")
  })
  sealed interface Operation
      permits UpsertMemory,
          DeleteMemory,
          UpsertExchange,
          UpsertFact,
          DeleteFact,
          UpsertRelation,
          DeleteRelation,
          Reset,
          BeliefEvidence {

    /** The tenant the operation acts for. */
    String tenant();
  }

  @JsonIgnoreProperties(ignoreUnknown = true)
  record UpsertMemory(@NotNull @Valid MemoryDoc memory) implements Operation {
    @Override
    public String tenant() {
      return memory.tenant();
    }
  }

  @JsonIgnoreProperties(ignoreUnknown = true)
  record DeleteMemory(@NotNull @Pattern(regexp = NAME) String tenant, @NotNull Long id)
      implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record UpsertExchange(@NotNull @Valid ExchangeDoc exchange) implements Operation {
    @Override
    public String tenant() {
      return exchange.tenant();
    }
  }

  @JsonIgnoreProperties(ignoreUnknown = true)
  record UpsertFact(@NotNull @Valid FactDoc fact) implements Operation {
    @Override
    public String tenant() {
      return fact.tenant();
    }
  }

  @JsonIgnoreProperties(ignoreUnknown = true)
  record DeleteFact(@NotNull @Pattern(regexp = NAME) String tenant, @NotNull Long id)
      implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record UpsertRelation(@NotNull @Valid RelationDoc relation) implements Operation {
    @Override
    public String tenant() {
      return relation.tenant();
    }
  }

  @JsonIgnoreProperties(ignoreUnknown = true)
  record DeleteRelation(@NotNull @Pattern(regexp = NAME) String tenant, @NotNull Long id)
      implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Reset(@NotNull @Pattern(regexp = NAME) String tenant) implements Operation {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record BeliefEvidence(@NotNull @Valid EvidenceDoc evidence) implements Operation {
    @Override
    public String tenant() {
      return evidence.tenant();
    }
  }

  /** A memory of the record. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record MemoryDoc(
      @NotNull @Pattern(regexp = NAME) String tenant,
      @NotNull Long id,
      @NotNull @PositiveOrZero Long version,
      @Size(min = 1, max = 256) String agent,
      @Size(min = 1, max = 256) String chat,
      @Size(min = 1, max = 256) String thread,
      @NotNull Scope scope,
      @Size(min = 1, max = 64) String category,
      @NotNull MemoryStatus status,
      @NotBlank String text,
      @DecimalMin("0") @DecimalMax("1") Double confidence,
      @NotNull Instant createdAt,
      List<@NotNull Long> sourceExchangeIds,
      @Pattern(regexp = Visibility.MODE) String mode) {}

  /** A verbatim turn of a conversation (always scope CHAT). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record ExchangeDoc(
      @NotNull @Pattern(regexp = NAME) String tenant,
      @NotNull Long id,
      @NotNull @PositiveOrZero Long version,
      @NotNull @Size(min = 1, max = 256) String agent,
      @NotNull @Size(min = 1, max = 256) String chat,
      @Size(min = 1, max = 256) String thread,
      @Size(min = 1, max = 256) String speaker,
      @NotBlank String text,
      @NotNull Instant occurredAt,
      @Pattern(regexp = Visibility.MODE) String mode) {}

  /** A bi-temporal fact (subject, predicate, object). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record FactDoc(
      @NotNull @Pattern(regexp = NAME) String tenant,
      @NotNull Long id,
      @NotNull @PositiveOrZero Long version,
      @Size(min = 1, max = 256) String agent,
      @Size(min = 1, max = 256) String chat,
      @NotNull Scope scope,
      @NotBlank @Size(max = 256) String subject,
      @NotNull @Pattern(regexp = "[a-z][a-z0-9_]{0,63}") String predicate,
      @NotBlank @Size(max = 256) String object,
      Instant validFrom,
      Instant validTo,
      @NotNull Instant recordedAt,
      Instant invalidatedAt,
      @DecimalMin("0") @DecimalMax("1") Double confidence,
      @Size(max = 1000) List<@NotNull Long> sourceMemoryIds,
      @Pattern(regexp = "[A-Za-z_]{1,32}") String status) {}

  /** A typed, weighted relation between two memories. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record RelationDoc(
      @NotNull @Pattern(regexp = NAME) String tenant,
      @NotNull Long id,
      @NotNull @PositiveOrZero Long version,
      @NotNull Long fromMemory,
      @NotNull Long toMemory,
      @NotNull RelationType type,
      @DecimalMin("0") @DecimalMax("1") Double weight,
      Instant createdAt) {}

  /**
   * Evidence about a statement (a repeat supports it, a correction contradicts it), checked as the
   * public {@code POST /v1/beliefs/evidence} checks it; {@code id} is required here, since it is
   * what makes the outbox's redelivery harmless.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record EvidenceDoc(
      @NotNull @Pattern(regexp = NAME) String tenant,
      @NotNull @Pattern(regexp = "[A-Za-z0-9._:-]{1,128}") String id,
      @NotBlank @Size(max = 1000) String statement,
      @NotNull @DecimalMin("0") @DecimalMax("1") Double strength,
      @NotNull @DecimalMin("0") @DecimalMax("1") Double confidence,
      @Size(min = 1, max = 256) String source,
      @Size(max = 100) List<@NotNull Long> memoryIds,
      @NotNull Instant recordedAt) {}
}
