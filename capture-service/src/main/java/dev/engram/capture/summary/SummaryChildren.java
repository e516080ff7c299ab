package dev.engram.capture.summary;

import dev.engram.capture.CaptureError;
import dev.engram.capture.exchange.ExchangeView;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryCategory;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.relation.RelationLedger;
import dev.engram.capture.relation.RelationType;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;

/**
 * One step down the summary DAG: the memories a memory is DERIVED_FROM (a week's days, a month's
 * weeks, oldest first) and, for a day summary, the day's ACTIVE exchanges of its chat or thread (in
 * its mode). Superseded children are listed too: an old version of a summary keeps pointing at what
 * it was made of.
 */
@ApplicationScoped
class SummaryChildren {

  /** {@code GET /v1/memories/{id}/children}. */
  record Children(
      MemoryView memory, String level, List<MemoryView> memories, List<ExchangeView> exchanges) {}

  private final MemoryRepository memories;
  private final RelationLedger relations;
  private final SummaryQueries queries;

  SummaryChildren(MemoryRepository memories, RelationLedger relations, SummaryQueries queries) {
    this.memories = memories;
    this.relations = relations;
    this.queries = queries;
  }

  Uni<Children> of(Caller caller, long id) {
    return Panache.withSession(
        () ->
            memories
                .inTenant(caller.tenant(), id)
                .onItem()
                .ifNull()
                .failWith(
                    () ->
                        new EngramException(
                            CaptureError.MEMORY_NOT_FOUND, "No memory with id " + id))
                .chain(m -> derivedFrom(caller.tenant(), m).chain(kids -> withExchanges(m, kids))));
  }

  private Uni<List<MemoryView>> derivedFrom(String tenant, Memory m) {
    return relations
        .touching(tenant, m.id)
        .map(
            rs ->
                rs.stream()
                    .filter(r -> r.fromMemory == m.id && r.type == RelationType.DERIVED_FROM)
                    .map(r -> r.toMemory)
                    .toList())
        .chain(
            ids -> ids.isEmpty() ? Uni.createFrom().item(List.<Memory>of()) : memories.byIds(ids))
        .map(
            rows ->
                rows.stream()
                    .filter(r -> tenant.equals(r.tenant))
                    .sorted(Comparator.comparing((Memory r) -> start(r)).thenComparing(r -> r.id))
                    .map(MemoryView::of)
                    .toList());
  }

  private Uni<Children> withExchanges(Memory m, List<MemoryView> kids) {
    String level = m.metadata == null ? null : m.metadata.get(SummaryWriter.LEVEL);
    String start = m.metadata == null ? null : m.metadata.get(SummaryWriter.START);
    boolean day =
        m.category == MemoryCategory.SUMMARY
            && SummaryLevel.of(level).orElse(null) == SummaryLevel.DAY
            && start != null;
    if (!day) {
      return Uni.createFrom().item(new Children(MemoryView.of(m), level, kids, List.of()));
    }
    LocalDate from = LocalDate.parse(start);
    return queries
        .exchanges(
            m.tenant,
            new Summaries.Period(m.agent, m.chat, m.thread, m.mode, SummaryLevel.DAY, from),
            from,
            SummaryLevel.DAY.end(from))
        .map(
            rows ->
                new Children(
                    MemoryView.of(m), level, kids, rows.stream().map(ExchangeView::of).toList()));
  }

  private static String start(Memory m) {
    String s = m.metadata == null ? null : m.metadata.get(SummaryWriter.START);
    return s == null ? "" : s;
  }
}
