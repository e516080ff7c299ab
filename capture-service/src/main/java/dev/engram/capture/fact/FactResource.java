package dev.engram.capture.fact;

import dev.engram.capture.web.Cursors;
import dev.engram.capture.web.WriteLimits;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.util.Locale;

/**
 * {@code GET /v1/facts?agent&chat&subject&predicate&current&status&limit&cursor}: the facts of the
 * record, newest first. {@code current} (default true) keeps those still believed (not invalidated,
 * ACTIVE); {@code current=false} shows the whole history, superseded and quarantined ones included.
 */
@Path("/v1/facts")
@RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.OPS})
class FactResource {

  private final FactService facts;
  private final WriteLimits limits;
  private final SecurityIdentity identity;

  FactResource(FactService facts, WriteLimits limits, SecurityIdentity identity) {
    this.facts = facts;
    this.limits = limits;
    this.identity = identity;
  }

  @GET
  @WithSession
  public Uni<FactService.Page> list(
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
    FactFilter filter =
        new FactFilter(
            agent, chat, subject, predicate, onlyCurrent, wanted, Cursors.before(cursor), size);
    return facts.list(Caller.of(identity), filter);
  }

  private static boolean bool(String name, String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw EngramException.invalid(name, "boolean", "must be true or false");
    };
  }
}
