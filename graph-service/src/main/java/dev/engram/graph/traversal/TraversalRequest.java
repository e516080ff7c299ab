package dev.engram.graph.traversal;

import dev.engram.graph.operations.RelationType;
import dev.engram.graph.scope.Visibility;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Body of {@code POST /v1/traverse}: a breadth-first walk from entities (ids or names) and
 * memories, at most {@code max_depth} (≤ 3) links deep. {@code relations} limits the memory
 * relations followed and {@code predicates} the facts; each hop multiplies the score by the link's
 * confidence (or weight) and by {@code decay}. With a {@code mode}, only what is of that mode or
 * untagged.
 */
record TraversalRequest(
    @Size(min = 1, max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(max = 20) List<@NotBlank @Size(max = 256) String> entities,
    @Size(max = 100) List<@NotNull Long> memoryIds,
    @Min(1) @Max(3) Integer maxDepth,
    @Size(min = 1) Set<@NotNull RelationType> relations,
    @Size(min = 1, max = 50)
        List<@NotNull @Pattern(regexp = "[a-z][a-z0-9_]{0,63}") String> predicates,
    @DecimalMin("0") @DecimalMax("1") Double decay,
    @Min(1) Integer limit,
    Instant asOf,
    @Pattern(regexp = Visibility.MODE) String mode) {}
