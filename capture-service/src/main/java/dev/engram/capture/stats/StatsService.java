package dev.engram.capture.stats;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.stats.StatsRepository.OutboxBacklog;
import dev.engram.capture.stats.StatsRepository.StatusCount;
import dev.engram.capture.stats.TenantStats.Backlog;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/** A tenant at a glance: the counts of the record turned into what {@code /v1/stats} shows. */
@ApplicationScoped
class StatsService {

  private final StatsRepository repository;
  private final double lowConfidence;

  StatsService(StatsRepository repository, CaptureConfig config) {
    this.repository = repository;
    this.lowConfidence = config.lifecycle().lowConfidence();
  }

  Uni<TenantStats> of(Caller caller) {
    String tenant = caller.tenant();
    return repository
        .counts(tenant, lowConfidence)
        .map(
            c ->
                new TenantStats(
                    tenant,
                    memories(c.memories()),
                    new TenantStats.Exchanges(c.exchanges().total(), c.exchanges().quarantined()),
                    new TenantStats.Facts(
                        c.facts().current(), c.facts().superseded(), c.facts().quarantined()),
                    new TenantStats.Slots(c.slots().total(), c.slots().quarantined()),
                    c.reflector(),
                    outbox(c.outbox(), Instant.now()),
                    new TenantStats.Injections(c.injections())));
  }

  private static TenantStats.Memories memories(List<StatusCount> rows) {
    long active = 0;
    long archived = 0;
    long superseded = 0;
    long quarantined = 0;
    long low = 0;
    for (StatusCount row : rows) {
      switch (row.status()) {
        case "active" -> {
          active = row.count();
          low = row.lowConfidence();
        }
        case "archived" -> archived = row.count();
        case "superseded" -> superseded = row.count();
        case "quarantined" -> quarantined = row.count();
        default -> {}
      }
    }
    return new TenantStats.Memories(active, archived, superseded, quarantined, low);
  }

  private static TenantStats.Outbox outbox(List<OutboxBacklog> rows, Instant now) {
    Backlog recall = Backlog.EMPTY;
    Backlog graph = Backlog.EMPTY;
    for (OutboxBacklog row : rows) {
      double lag =
          row.oldestPending() == null
              ? 0.0
              : Math.max(0, (now.toEpochMilli() - row.oldestPending().toEpochMilli()) / 1000.0);
      Backlog backlog = new Backlog(row.pending(), row.dead(), lag);
      switch (row.target()) {
        case "recall" -> recall = backlog;
        case "graph" -> graph = backlog;
        default -> {}
      }
    }
    return new TenantStats.Outbox(recall, graph);
  }
}
