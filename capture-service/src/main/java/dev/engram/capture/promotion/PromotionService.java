package dev.engram.capture.promotion;

import dev.engram.capture.CaptureError;
import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.paging.Cursors;
import dev.engram.common.auth.ApiKey;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Proposes what keeps coming back (the candidate pass) and lets a human decide. Approving makes the
 * memory, or the fact and the memories it was drawn from, canonical; every decision is audited. A
 * tenant in {@code promotion.auto-approve-tenants} has its proposals approved by the pass itself.
 */
@ApplicationScoped
public class PromotionService {

  private static final String AUTO = "system:promotion";

  private final PromotionRepository promotions;
  private final MemoryRepository memories;
  private final MemoryJournal journal;
  private final AuditLog audit;
  private final CaptureConfig.Promotion settings;

  PromotionService(
      PromotionRepository promotions,
      MemoryRepository memories,
      MemoryJournal journal,
      AuditLog audit,
      CaptureConfig config) {
    this.promotions = promotions;
    this.memories = memories;
    this.journal = journal;
    this.audit = audit;
    this.settings = config.promotion();
  }

  /** One candidate pass over every tenant; idempotent (a target is proposed once, ever). */
  public Uni<PromotionRequests.Scan> scan() {
    return scan(ApiKey.ANY_TENANT);
  }

  /**
   * The candidate pass a key asked for: over its own tenant, or every tenant for the suite's
   * operator key (tenant {@code *}); a tenant's admin neither touches nor counts another's.
   */
  Uni<PromotionRequests.Scan> scan(Caller caller) {
    return scan(caller.everyTenant() ? ApiKey.ANY_TENANT : caller.tenant());
  }

  @WithTransaction
  Uni<PromotionRequests.Scan> scan(String tenant) {
    List<String> auto =
        settings.autoApproveTenants().orElse(List.of()).stream()
            .filter(t -> ApiKey.ANY_TENANT.equals(tenant) || t.equals(tenant))
            .toList();
    return promotions
        .propose(tenant, settings.minDays(), settings.minConfidence())
        .chain(
            proposed ->
                auto.isEmpty()
                    ? Uni.createFrom().item(new PromotionRequests.Scan(proposed, 0))
                    : autoApprove(auto).map(n -> new PromotionRequests.Scan(proposed, n)));
  }

  @WithSession
  Uni<PromotionRequests.Page> list(Caller caller, PromotionStatus status, Long before, int size) {
    return promotions
        .page(caller.tenant(), status, before, size)
        .map(
            rows -> {
              List<PromotionView> items = rows.stream().map(PromotionView::of).toList();
              return new PromotionRequests.Page(
                  items, Cursors.next(items, size, PromotionView::id));
            });
  }

  /** Approves; approving again answers the same, approving a rejected one is a 409. */
  @WithTransaction
  Uni<PromotionView> approve(Caller caller, long id, String reason) {
    return find(caller, id)
        .chain(
            p ->
                switch (p.status) {
                  case APPROVED -> Uni.createFrom().item(PromotionView.of(p));
                  case REJECTED -> throw decided(p);
                  case PENDING ->
                      approved(caller, p, reason)
                          .map(
                              done -> {
                                if (!done) {
                                  throw new EngramException(
                                      CaptureError.PROMOTION_STALE,
                                      "The "
                                          + p.targetType
                                          + " "
                                          + p.targetId
                                          + " is no longer active or current; reject this"
                                          + " promotion");
                                }
                                return PromotionView.of(p);
                              });
                });
  }

  /** Rejects; rejecting again answers the same, rejecting an approved one is a 409. */
  @WithTransaction
  Uni<PromotionView> reject(Caller caller, long id, String reason) {
    return find(caller, id)
        .chain(
            p ->
                switch (p.status) {
                  case REJECTED -> Uni.createFrom().item(PromotionView.of(p));
                  case APPROVED -> throw decided(p);
                  case PENDING -> decide(caller, p, PromotionStatus.REJECTED, reason);
                });
  }

  /** The canonical memories context assembly shows first (internal). */
  @WithSession
  public Uni<PromotionRequests.Canonical> canonical(String tenant, String agent, String chat) {
    return promotions.visibleCanonical(tenant, agent, chat).map(PromotionRequests.Canonical::new);
  }

  private Uni<Integer> autoApprove(List<String> tenants) {
    return promotions
        .pending(tenants)
        .chain(
            pending ->
                Multi.createFrom()
                    .iterable(pending)
                    .onItem()
                    .transformToUniAndConcatenate(
                        p ->
                            approved(
                                new Caller(AUTO, p.tenant, Set.of()),
                                p,
                                "auto-approved: the tenant turned auto-approval on"))
                    .collect()
                    .asList()
                    .map(done -> (int) done.stream().filter(Boolean::booleanValue).count()));
  }

  /**
   * Marks the target canonical and the promotion APPROVED; false (nothing changed) when the target
   * is no longer active or current.
   */
  private Uni<Boolean> approved(Caller caller, Promotion p, String reason) {
    Uni<Boolean> marked =
        "memory".equals(p.targetType)
            ? canonicalMemory(caller, p.targetId)
            : promotions
                .canonicalFact(p.tenant, p.targetId)
                .call(
                    current ->
                        current
                            ? promotions
                                .factSources(p.tenant, p.targetId)
                                .chain(ids -> canonicalMemories(caller, ids))
                            : Uni.createFrom().voidItem());
    return marked.call(
        done ->
            done
                ? decide(caller, p, PromotionStatus.APPROVED, reason)
                : Uni.createFrom().voidItem());
  }

  private Uni<Void> canonicalMemories(Caller caller, List<Long> ids) {
    return Multi.createFrom()
        .iterable(ids)
        .onItem()
        .transformToUniAndConcatenate(id -> canonicalMemory(caller, id))
        .collect()
        .last()
        .replaceWithVoid();
  }

  /** An ACTIVE memory becomes canonical (audited, projected); false when it is not ACTIVE. */
  private Uni<Boolean> canonicalMemory(Caller caller, long id) {
    // Locked: a DELETE or supersede of the memory racing the approval waits, or goes first and
    // the approval finds it no longer ACTIVE (promotion_stale), never a row changed underneath.
    return memories
        .lockedInTenant(caller.tenant(), id)
        .chain(
            m -> {
              if (m == null || m.status != MemoryStatus.ACTIVE) {
                return Uni.createFrom().item(false);
              }
              if (m.canonical) {
                return Uni.createFrom().item(true);
              }
              MemoryView before = MemoryView.of(m);
              m.canonical = true;
              m.updatedAt = Instant.now();
              return journal.changed(caller, "memory.promote", before, m).replaceWith(true);
            });
  }

  private Uni<PromotionView> decide(
      Caller caller, Promotion p, PromotionStatus status, String reason) {
    PromotionView before = PromotionView.of(p);
    p.status = status;
    p.decidedAt = Instant.now();
    p.decidedBy = caller.keyId();
    p.reason = reason;
    String operation =
        status == PromotionStatus.APPROVED ? "promotion.approve" : "promotion.reject";
    return Panache.flush()
        .map(ignored -> PromotionView.of(p))
        .call(after -> audit.record(caller, operation, "promotion", p.id + "", before, after));
  }

  private Uni<Promotion> find(Caller caller, long id) {
    return promotions
        .lockedInTenant(caller.tenant(), id)
        .onItem()
        .ifNull()
        .failWith(
            () ->
                new EngramException(
                    CaptureError.PROMOTION_NOT_FOUND, "No promotion with id " + id));
  }

  private static EngramException decided(Promotion p) {
    return new EngramException(
        CaptureError.PROMOTION_DECIDED,
        "Promotion " + p.id + " is already " + p.status + "; a decision is final");
  }
}
