package dev.engram.capture.exchange;

import dev.engram.capture.paging.PageSize;
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
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * The verbatim trace, read back for people and prompts: {@code GET /v1/episodes} (the turns around
 * a moment) and {@code GET /v1/days/{date}} (one UTC day as a Markdown log). Quarantined turns are
 * never shown here: these views are made to be put into a context.
 */
@Path("/v1")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
public class EpisodeResource {

  private final EpisodeService episodes;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  EpisodeResource(EpisodeService episodes, PageSize pageSize, SecurityIdentity identity) {
    this.episodes = episodes;
    this.pageSize = pageSize;
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
    int n = pageSize.of(QueryParams.intValue("lines", lines), 20);
    return episodes.around(Caller.of(identity), agent, chat, at, n);
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
    return episodes.day(Caller.of(identity), agent, chat, day);
  }

  /** 400 naming {@code name} when the value is missing or blank. */
  public static void require(String name, String value) {
    if (value == null || value.isBlank()) {
      throw EngramException.invalid(name, "NotBlank", "is required");
    }
  }
}
