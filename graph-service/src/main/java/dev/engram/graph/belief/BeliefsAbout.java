package dev.engram.graph.belief;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.graph.scope.Visibility;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * {@code POST /internal/v1/graph/beliefs/about}, recall's context asking what the tenant believes
 * about the entities in play: the names in {@code text} and in {@code entities}; with a {@code
 * mode}, only beliefs of that mode and untagged ones.
 */
public final class BeliefsAbout {

  /** The most beliefs one request may ask for. */
  public static final int MAX_LIMIT = 100;

  private BeliefsAbout() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Request(
      @NotNull @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String tenant,
      @Size(max = 8192) String text,
      @Size(max = 50) List<@NotBlank @Size(max = 256) String> entities,
      @Min(1) @Max(MAX_LIMIT) Integer limit,
      @Pattern(regexp = Visibility.MODE) String mode) {

    public int limitOrDefault() {
      return limit == null ? 10 : limit;
    }
  }

  /** The beliefs naming one of the entities, most recently revised first. */
  public record Response(List<Belief> beliefs) {}

  /**
   * A belief as context needs it: its truth value, how much evidence, and how much of it
   * contradicted (so the reader can tell a contested belief from a settled one).
   */
  public record Belief(
      String id,
      String statement,
      double strength,
      double confidence,
      long evidenceCount,
      long contradictingEvidence,
      boolean contradicted) {}
}
