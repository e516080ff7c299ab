package dev.engram.recall.similar;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Set;

/**
 * Body of {@code POST /internal/v1/similar} (capture-service's semantic dedup). Internal, so it
 * names its tenant and ignores unknown fields. {@code kinds} defaults to memories, {@code k} to 5,
 * {@code min_score} to 0.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record SimilarRequest(
    @NotNull @Pattern(regexp = IndexDocument.TENANT_PATTERN) String tenant,
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @NotBlank String text,
    @Size(min = 1) Set<@NotNull DocKind> kinds,
    @Min(1) @Max(100) Integer k,
    @DecimalMin("-1") @DecimalMax("1") Double minScore) {}
