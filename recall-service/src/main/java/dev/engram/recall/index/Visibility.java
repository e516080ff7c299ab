package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * What one search may see. Inside {@code tenant}, only documents that have not expired ({@code
 * expiresAt} absent or not before {@code now}; expiry is judged now, also with {@code as_of}), of
 * the given kinds, ACTIVE (see {@link Filters} for archived and {@code as_of}), and:
 *
 * <ul>
 *   <li>memories with scope GLOBAL, AGENT of {@code agent}, or CHAT of ({@code agent}, {@code
 *       chat});
 *   <li>exchanges of ({@code agent}, {@code chat}).
 * </ul>
 *
 * A null {@code chat} sees no CHAT memories and no exchanges. With a {@code mode} (work, personal,
 * ...), only documents of that mode and untagged ones (no mode) are visible; without one, every
 * mode is (the key's whole tenant, as before modes existed). Every adapter implements exactly this;
 * the shared contract test checks it.
 */
public record Visibility(
    String tenant,
    String agent,
    String chat,
    Set<DocKind> kinds,
    Instant now,
    Filters filters,
    String mode) {

  public Visibility {
    Objects.requireNonNull(tenant, "tenant");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(now, "now");
    kinds = Set.copyOf(kinds);
    filters = filters == null ? Filters.NONE : filters;
  }

  /** What (tenant, agent, chat) may see of {@code kinds} at {@code now}: every mode, no filters. */
  public static Visibility of(
      String tenant, String agent, String chat, Set<DocKind> kinds, Instant now) {
    return new Visibility(tenant, agent, chat, kinds, now, Filters.NONE, null);
  }

  public Visibility withMode(String mode) {
    return new Visibility(tenant, agent, chat, kinds, now, filters, mode);
  }

  public Visibility withFilters(Filters filters) {
    return new Visibility(tenant, agent, chat, kinds, now, filters, mode);
  }

  public Visibility withKinds(Set<DocKind> kinds) {
    return new Visibility(tenant, agent, chat, kinds, now, filters, mode);
  }
}
