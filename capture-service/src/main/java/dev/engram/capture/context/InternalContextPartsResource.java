package dev.engram.capture.context;

import dev.engram.capture.exchange.EpisodeResource;
import dev.engram.capture.exchange.EpisodeService;
import dev.engram.capture.exchange.InternalExchangeResource;
import dev.engram.capture.exchange.RecentTurns;
import dev.engram.capture.memory.Modes;
import dev.engram.capture.promotion.PromotionService;
import dev.engram.capture.slot.SlotService;
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
 * {@code GET /internal/v1/context-parts?tenant&agent[&chat&session&thread&limit&mode]}: the slots,
 * the chat's newest {@code limit} turns (only with {@code limit} 1-100, which needs a chat) and the
 * canonical memories, each exactly as its own internal endpoint answers it, read in one request and
 * one database session: a context asked them of capture in three requests, each with its own
 * session and connection.
 */
@Path("/internal/v1/context-parts")
@RolesAllowed(Roles.INTERNAL)
class InternalContextPartsResource {

  private final SlotService slots;
  private final EpisodeService episodes;
  private final PromotionService promotions;

  InternalContextPartsResource(
      SlotService slots, EpisodeService episodes, PromotionService promotions) {
    this.slots = slots;
    this.episodes = episodes;
    this.promotions = promotions;
  }

  @GET
  @WithSession
  public Uni<ContextParts> parts(
      @QueryParam("tenant") String tenant,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("session") String session,
      @QueryParam("thread") String thread,
      @QueryParam("limit") String limit,
      @QueryParam("mode") String mode) {
    EpisodeResource.require("tenant", tenant);
    EpisodeResource.require("agent", agent);
    Integer turns = QueryParams.intValue("limit", limit);
    if (turns != null) {
      InternalExchangeResource.checkLimit(turns);
      if (chat == null || chat.isBlank()) {
        throw EngramException.invalid("chat", "NotBlank", "is required with limit");
      }
    }
    if (mode != null && !mode.matches(Modes.PATTERN)) {
      throw EngramException.invalid("mode", "Pattern", Modes.MESSAGE);
    }
    // One session runs one statement at a time: the three reads follow each other on it.
    return slots
        .forContext(tenant, agent, chat, session, thread)
        .chain(
            found ->
                (turns == null
                        ? Uni.createFrom().<RecentTurns>nullItem()
                        : episodes.recent(tenant, agent, chat, mode, turns))
                    .chain(
                        recent ->
                            promotions
                                .canonical(tenant, agent, chat)
                                .map(
                                    canonical ->
                                        new ContextParts(
                                            found.slots(), recent, canonical.memories()))));
  }
}
