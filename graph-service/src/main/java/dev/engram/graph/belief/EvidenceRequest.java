package dev.engram.graph.belief;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code POST /v1/beliefs/evidence}: evidence about a statement, as a truth value. A
 * strength of 0 says the statement is false. {@code evidence_id} makes a retry harmless: evidence
 * already recorded under that id is not counted twice.
 */
record EvidenceRequest(
    @NotBlank @Size(max = 1000) String statement,
    @NotNull @DecimalMin("0") @DecimalMax("1") Double strength,
    @NotNull @DecimalMin("0") @DecimalMax("1") Double confidence,
    @Pattern(regexp = "[A-Za-z0-9._:-]{1,128}") String evidenceId,
    @Size(min = 1, max = 256) String source,
    @Size(max = 100) List<@NotNull Long> memoryIds) {}
