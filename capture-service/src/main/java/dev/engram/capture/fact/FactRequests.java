package dev.engram.capture.fact;

import dev.engram.capture.memory.MemoryScope;
import dev.engram.common.web.Names;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;

/** The bodies of the fact writes. */
final class FactRequests {

  /** Predicates are lower_snake_case, as graph-service and {@code FactsConfig} expect. */
  static final String PREDICATE = "^[a-z][a-z0-9]*(_[a-z0-9]+)*$";

  private FactRequests() {}

  /**
   * {@code POST /v1/facts}: scope defaults as for memories (CHAT with a chat, else AGENT);
   * valid_from defaults to now and confidence to 1.
   */
  record Add(
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat,
      MemoryScope scope,
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String subject,
      @NotNull @Pattern(regexp = PREDICATE, message = "must be lower_snake_case") String predicate,
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String object,
      Instant validFrom,
      @DecimalMin("0.0") @DecimalMax("1.0") Double confidence) {}

  /**
   * {@code POST /v1/facts/{id}/invalidate}: valid_to defaults to now. With {@code agent} (and
   * {@code chat}) only a fact of that agent (and chat) is ended, as MCP's {@code forget} deletes
   * only the agent's own memories: a gateway acting for one agent names it.
   */
  record Invalidate(
      Instant validTo,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat) {}
}
