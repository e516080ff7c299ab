package dev.engram.recall.index;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * What one recall may see. Inside {@code tenant}, only ACTIVE documents that have not expired
 * ({@code expiresAt} absent or not before {@code now}), of the given kinds, and:
 *
 * <ul>
 *   <li>memories with scope GLOBAL, AGENT of {@code agent}, or CHAT of ({@code agent}, {@code
 *       chat});
 *   <li>exchanges of ({@code agent}, {@code chat}).
 * </ul>
 *
 * A null {@code chat} sees no CHAT memories and no exchanges. Every adapter implements exactly
 * this; the shared contract test checks it.
 */
public record Visibility(
    String tenant, String agent, String chat, Set<DocKind> kinds, Instant now) {

  public Visibility {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(now, "now");
    kinds = Set.copyOf(kinds);
  }
}
