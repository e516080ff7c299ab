package dev.engram.recall.recall;

import dev.engram.recall.index.DocKind;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Set;

/**
 * Body of {@code POST /v1/recall}. {@code agent} and {@code chat} select what is visible inside the
 * key's tenant; without {@code chat} only GLOBAL and AGENT memories are searched. {@code thread} is
 * accepted for the thread boost, which is not fused yet.
 */
record RecallRequest(
    @NotBlank @Size(max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @NotBlank String query,
    @Min(1) Integer k,
    @Size(min = 1) Set<@NotNull DocKind> kinds) {

  static final int DEFAULT_K = 10;

  int kOrDefault() {
    return k == null ? DEFAULT_K : k;
  }

  Set<DocKind> kindsOrDefault() {
    return kinds == null ? Set.of(DocKind.values()) : kinds;
  }
}
