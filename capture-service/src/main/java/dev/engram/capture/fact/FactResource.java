package dev.engram.capture.fact;

import dev.engram.capture.web.Cursors;
import dev.engram.capture.web.WriteLimits;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import java.util.Locale;

/**
 * {@code GET /v1/facts?agent&chat&subject&predicate&current&status&limit&cursor}: the facts of the
 * record, newest first. {@code current} (default true) keeps those still believed (not invalidated,
 * ACTIVE); {@code current=false} shows the whole history, superseded and quarantined ones included.
 */
@Path("/v1/facts")
@RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.OPS})
class FactResource {

  /** A page of facts; pass {@code next_cursor} back as {@code cursor}. */
  record Page(List<FactView> items, String nextCursor) {}

  private final WriteLimits limits;
  private final SecurityIdentity identity;

  FactResource(WriteLimits limits, SecurityIdentity identity) {
    this.limits = limits;
    this.identity = identity;
  }

  @GET
  @WithSession
  public Uni<Page> list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("subject") String subject,
      @QueryParam("predicate") String predicate,
      @QueryParam("current") String current,
      @QueryParam("status") String status,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    int size = limits.pageSize(QueryParams.intValue("limit", limit), 50);
    FactStatus wanted = QueryParams.enumValue("status", status, FactStatus.class);
    boolean onlyCurrent = current == null || current.isBlank() || bool("current", current);
    StringBuilder where = new StringBuilder("tenant = :tenant");
    Parameters params = Parameters.with("tenant", Caller.of(identity).tenant());
    if (agent != null) {
      where.append(" and agent = :agent");
      params.and("agent", agent);
    }
    if (chat != null) {
      where.append(" and chat = :chat");
      params.and("chat", chat);
    }
    if (subject != null) {
      where.append(" and subjectKey = :subject");
      params.and("subject", FactLedger.key(subject));
    }
    if (predicate != null) {
      where.append(" and predicate = :predicate");
      params.and("predicate", predicate.strip().toLowerCase(Locale.ROOT));
    }
    if (onlyCurrent) {
      where.append(" and invalidatedAt is null and status = :active");
      params.and("active", FactStatus.ACTIVE);
    }
    if (wanted != null) {
      where.append(" and status = :status");
      params.and("status", wanted);
    }
    Long before = Cursors.before(cursor);
    if (before != null) {
      where.append(" and id < :before");
      params.and("before", before);
    }
    return Fact.<Fact>find(where.toString(), Sort.descending("id"), params)
        .page(0, size)
        .list()
        .map(
            rows -> {
              List<FactView> items = rows.stream().map(FactView::of).toList();
              return new Page(
                  items, items.size() < size ? null : Long.toString(items.getLast().id()));
            });
  }

  private static boolean bool(String name, String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw EngramException.invalid(name, "boolean", "must be true or false");
    };
  }
}
