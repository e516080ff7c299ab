package dev.engram.capture.exchange;

import dev.engram.capture.memory.Modes;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/**
 * {@code GET /internal/v1/exchanges/recent?tenant&agent&chat&limit[&mode]}: the newest turns of a
 * chat, which recall-service puts into an assembled context. Quarantined turns are never served;
 * with a mode, only turns of that mode and untagged ones.
 */
@Path("/internal/v1/exchanges/recent")
@RolesAllowed(Roles.INTERNAL)
public class InternalExchangeResource {

  static final int DEFAULT_LIMIT = 10;
  static final int MAX_LIMIT = 100;

  private final EpisodeService episodes;

  InternalExchangeResource(EpisodeService episodes) {
    this.episodes = episodes;
  }

  @GET
  @WithSession
  public Uni<RecentTurns> recent(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("limit") String limit,
      @QueryParam("mode") String mode) {
    EpisodeResource.require("tenant", tenant);
    EpisodeResource.require("agent", agent);
    EpisodeResource.require("chat", chat);
    Integer requested = QueryParams.intValue("limit", limit);
    int n = requested == null ? DEFAULT_LIMIT : requested;
    checkLimit(n);
    if (mode != null && !mode.matches(Modes.PATTERN)) {
      throw EngramException.invalid("mode", "Pattern", Modes.MESSAGE);
    }
    return episodes.recent(tenant, agent, chat, mode, n);
  }

  /**
   * 400 unless {@code n} recent turns may be asked at once: this endpoint's rule, also applied
   * where another internal endpoint serves the same turns.
   */
  public static void checkLimit(int n) {
    if (n < 1 || n > MAX_LIMIT) {
      throw EngramException.invalid("limit", "range", "must be between 1 and " + MAX_LIMIT);
    }
  }
}
