package dev.engram.capture.exchange;

import dev.engram.capture.web.WriteLimits;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The verbatim trace, read back for people and prompts: {@code GET /v1/episodes} (the turns around
 * a moment) and {@code GET /v1/days/{date}} (one UTC day as a Markdown log). Quarantined turns are
 * never shown here: these views are made to be put into a context.
 */
@Path("/v1")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class EpisodeResource {

  /** The turns around {@code around}, oldest first. */
  record Episode(Instant around, List<ExchangeView> items) {}

  private final WriteLimits limits;
  private final SecurityIdentity identity;

  EpisodeResource(WriteLimits limits, SecurityIdentity identity) {
    this.limits = limits;
    this.identity = identity;
  }

  @GET
  @Path("/episodes")
  @WithSession
  public Uni<Episode> episode(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("around") String around,
      @QueryParam("lines") String lines) {
    require("agent", agent);
    require("chat", chat);
    Instant at = QueryParams.instant("around", around);
    if (at == null) {
      throw EngramException.invalid("around", "NotBlank", "is required");
    }
    int n = limits.pageSize(QueryParams.intValue("lines", lines), 20);
    String tenant = Caller.of(identity).tenant();
    int before = (n + 1) / 2;
    String where = "tenant = ?1 and agent = ?2 and chat = ?3 and status = ?4 and occurredAt ";
    return Exchange.<Exchange>find(
            where + "<= ?5",
            Sort.descending("occurredAt").and("id", Sort.Direction.Descending),
            tenant,
            agent,
            chat,
            ExchangeStatus.ACTIVE,
            at)
        .page(0, before)
        .list()
        .chain(
            earlier ->
                Exchange.<Exchange>find(
                        where + "> ?5",
                        Sort.ascending("occurredAt").and("id"),
                        tenant,
                        agent,
                        chat,
                        ExchangeStatus.ACTIVE,
                        at)
                    .page(0, n - earlier.size())
                    .list()
                    .map(
                        later -> {
                          List<Exchange> all = new ArrayList<>(earlier);
                          Collections.reverse(all);
                          all.addAll(later);
                          return new Episode(at, all.stream().map(ExchangeView::of).toList());
                        }));
  }

  @GET
  @Path("/days/{date}")
  @Produces("text/markdown")
  @WithSession
  public Uni<String> day(
      @PathParam("date") String date,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat) {
    require("agent", agent);
    require("chat", chat);
    LocalDate day;
    try {
      day = LocalDate.parse(date);
    } catch (DateTimeParseException e) {
      throw EngramException.invalid("date", "date", "must be a date such as 2026-05-08");
    }
    Instant from = day.atStartOfDay(ZoneOffset.UTC).toInstant();
    Instant to = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    return Exchange.<Exchange>find(
            "tenant = ?1 and agent = ?2 and chat = ?3 and occurredAt >= ?4 and occurredAt < ?5",
            Sort.ascending("occurredAt").and("id"),
            Caller.of(identity).tenant(),
            agent,
            chat,
            from,
            to)
        .list()
        .map(rows -> DayLog.render(day, agent, chat, rows));
  }

  private static void require(String name, String value) {
    if (value == null || value.isBlank()) {
      throw EngramException.invalid(name, "NotBlank", "is required");
    }
  }
}
