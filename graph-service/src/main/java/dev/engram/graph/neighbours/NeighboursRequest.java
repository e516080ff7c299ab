package dev.engram.graph.neighbours;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.graph.scope.Visibility;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;

/**
 * Body of {@code POST /internal/v1/graph/neighbours}: the entities named in {@code query} (and in
 * {@code entities}, names given directly) and the given memories are the starting points; what
 * (tenant, agent, chat) may see is searched, as it was at {@code as_of} if given; with a {@code
 * mode}, only items of that mode and untagged ones.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record NeighboursRequest(
    @NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String tenant,
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(max = 8192) String query,
    @Size(max = 50) List<@NotBlank @Size(max = 256) String> entities,
    @Size(max = 200) List<@NotNull Long> memoryIds,
    @Min(1) @Max(3) Integer maxHops,
    @Min(1) Integer limit,
    Instant asOf,
    @Pattern(regexp = Visibility.MODE) String mode) {}
