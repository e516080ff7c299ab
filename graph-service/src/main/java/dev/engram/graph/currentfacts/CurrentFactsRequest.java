package dev.engram.graph.currentfacts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.graph.belief.BeliefsAbout;
import dev.engram.graph.scope.Visibility;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code POST /internal/v1/graph/facts/current}: the entities named in {@code text} and
 * those given in {@code entities} (names or aliases, e.g. the people in the chat) are in play; the
 * current facts about them that (tenant, agent, chat) may see are asked for (with a {@code mode},
 * those of that mode and untagged ones). With {@code beliefs_limit}, the beliefs about the same
 * text and entities come in the same answer ({@code POST .../beliefs/about}'s): context assembly
 * asks for both, and one request spares both services the HTTP, key check and JSON of a second
 * (graph-service: 1.7–3.2 ms of CPU a context, docs/benchmarks/reads-and-writes.md).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record CurrentFactsRequest(
    @NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String tenant,
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(max = 8192) String text,
    @Size(max = 50) List<@NotBlank @Size(max = 256) String> entities,
    @Min(1) @Max(MAX_LIMIT) Integer limit,
    @Pattern(regexp = Visibility.MODE) String mode,
    @Min(1) @Max(BeliefsAbout.MAX_LIMIT) Integer beliefsLimit) {

  /** Facts returned when the request names no limit. */
  static final int DEFAULT_LIMIT = 20;

  /** A context section is a few lines; more would only be cut by its token budget. */
  static final int MAX_LIMIT = 200;

  int limitOrDefault() {
    return limit == null ? DEFAULT_LIMIT : limit;
  }
}
