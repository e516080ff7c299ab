package dev.engram.graph.belief;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code POST /v1/beliefs/infer}: does {@code from} lead to {@code to}, over at most {@code
 * max_hops} links (facts and implication beliefs)? {@code agent}/{@code chat} select the facts the
 * reader may see, {@code predicates} the facts followed.
 */
record InferRequest(
    @NotBlank @Size(max = 256) String from,
    @NotBlank @Size(max = 256) String to,
    @Min(1) Integer maxHops,
    @Size(min = 1, max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 50)
        List<@NotNull @Pattern(regexp = "[a-z][a-z0-9_]{0,63}") String> predicates) {}
