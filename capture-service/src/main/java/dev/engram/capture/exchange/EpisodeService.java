package dev.engram.capture.exchange;

import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Reads the verbatim trace back: the turns around a moment, and one UTC day as a Markdown log. */
@ApplicationScoped
public class EpisodeService {

  private final ExchangeRepository exchanges;
  private final SessionLog sessions;

  EpisodeService(ExchangeRepository exchanges, SessionLog sessions) {
    this.exchanges = exchanges;
    this.sessions = sessions;
  }

  /**
   * {@code lines} ACTIVE turns around {@code at}: half (rounded up) at or before it, then after.
   */
  Uni<Episode> around(Caller caller, String agent, String chat, Instant at, int lines) {
    String tenant = caller.tenant();
    int before = (lines + 1) / 2;
    return exchanges
        .activeNextTo(tenant, agent, chat, at, true, before)
        .chain(
            earlier ->
                exchanges
                    .activeNextTo(tenant, agent, chat, at, false, lines - earlier.size())
                    .map(
                        later -> {
                          List<Exchange> all = new ArrayList<>(earlier);
                          Collections.reverse(all);
                          all.addAll(later);
                          return new Episode(at, all.stream().map(ExchangeView::of).toList());
                        }));
  }

  /** One UTC day of a chat as Markdown: its turns, then the sessions that ended that day. */
  Uni<String> day(Caller caller, String agent, String chat, LocalDate day) {
    Instant from = day.atStartOfDay(ZoneOffset.UTC).toInstant();
    Instant to = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    return exchanges
        .between(caller.tenant(), agent, chat, from, to)
        .chain(
            rows ->
                sessions
                    .endedBetween(caller.tenant(), agent, chat, from, to)
                    .map(ended -> DayLog.render(day, agent, chat, rows, ended)));
  }

  /** The newest {@code limit} ACTIVE turns of a chat, oldest first (internal API). */
  public Uni<RecentTurns> recent(String tenant, String agent, String chat, String mode, int limit) {
    return exchanges
        .latestInChat(tenant, agent, chat, mode, limit + 1)
        .map(
            newestFirst -> {
              List<Exchange> shown =
                  new ArrayList<>(newestFirst.subList(0, Math.min(limit, newestFirst.size())));
              Collections.reverse(shown);
              return new RecentTurns(
                  shown.stream().map(RecentTurns.Turn::of).toList(), newestFirst.size() > limit);
            });
  }
}
