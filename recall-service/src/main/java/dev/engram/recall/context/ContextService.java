package dev.engram.recall.context;

import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.Visibility;
import dev.engram.recall.recall.FusedHit;
import dev.engram.recall.recall.RecallQuery;
import dev.engram.recall.recall.RecallResult;
import dev.engram.recall.recall.RecallService;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Gathers what a context block is made of (slots from capture-service, started first and awaited
 * last; PROFILE memories; highest-confidence memories; recall on the query) and has it packed into
 * the budget. Without capture-service the block is built without slots, and the answer says so.
 */
@ApplicationScoped
public class ContextService {

  static final String PROFILE = "PROFILE";

  private final IndexStore store;
  private final RecallService recall;
  private final SlotSource slots;
  private final RecallConfig config;
  private final TokenCounter tokens;
  private final ContextTemplates templates;
  private final ContextAssembler assembler;

  ContextService(IndexStore store, RecallService recall, SlotSource slots, RecallConfig config) {
    this.store = store;
    this.recall = recall;
    this.slots = slots;
    this.config = config;
    var c = config.context();
    if (c.identityShare() + c.essentialShare() > 1.0) {
      throw new IllegalArgumentException(
          "engram.recall.context: identity-share + essential-share must not exceed 1");
    }
    this.tokens = new TokenCounter(c.encoding());
    this.templates = ContextTemplates.of(c.templates());
    this.assembler = new ContextAssembler(tokens, templates, c.identityShare(), c.essentialShare());
  }

  /** A context block as {@code POST /v1/context} answers it (also for the MCP tool). */
  public ContextResponse context(String tenant, ContextRequest r) {
    long start = System.nanoTime();
    if (r.query() != null
        && r.query().getBytes(StandardCharsets.UTF_8).length > config.maxTextBytes()) {
      throw EngramException.invalid(
          "query", "max_bytes", "at most " + config.maxTextBytes() + " bytes");
    }
    CompletableFuture<List<SlotSource.Slot>> pending =
        slots.slots(tenant, r.agent(), r.session(), r.thread());
    int n = config.context().candidates();
    Visibility memories =
        new Visibility(tenant, r.agent(), r.chat(), Set.of(DocKind.MEMORY), Instant.now());
    Page identity = store.byConfidence(memories.withFilters(only(PROFILE)), n);
    Page essential = store.byConfidence(memories.withFilters(except(PROFILE)), n);
    List<ContextResponse.Skipped> skipped = new ArrayList<>();
    ContextAssembler.Layer relevance = ContextAssembler.Layer.EMPTY;
    if (r.query() != null && !r.query().isBlank()) {
      RecallResult found =
          recall.recall(
              new RecallQuery(
                  tenant,
                  r.agent(),
                  r.chat(),
                  r.thread(),
                  r.query(),
                  n,
                  Set.of(DocKind.values()),
                  Filters.NONE));
      found
          .skipped()
          .forEach(s -> skipped.add(new ContextResponse.Skipped(s.signal(), s.reason())));
      var documents = found.hits().stream().map(FusedHit::document).toList();
      relevance = new ContextAssembler.Layer(documents, documents.size());
    }
    List<SlotSource.Slot> loaded = List.of();
    try {
      loaded = pending.join();
    } catch (CompletionException e) {
      String why = e.getCause() == null ? e.getMessage() : e.getCause().getMessage();
      skipped.add(new ContextResponse.Skipped("slots", why));
    }
    var assembled =
        assembler.assemble(
            r.budgetTokens(),
            loaded,
            new ContextAssembler.Layer(identity.documents(), identity.total()),
            new ContextAssembler.Layer(essential.documents(), essential.total()),
            relevance);
    return new ContextResponse(
        assembled.text(),
        assembled.tokens(),
        r.budgetTokens(),
        tokens.name(),
        assembled.sections().stream().map(this::section).toList(),
        skipped,
        (System.nanoTime() - start) / 1_000_000);
  }

  private ContextResponse.Section section(ContextSection s) {
    String text = s.text(templates);
    return new ContextResponse.Section(
        s.name,
        s.layer,
        s.heading,
        text,
        tokens.count(text),
        s.budget,
        s.isSlot() ? 1 : s.candidates,
        s.isSlot() ? (s.rendered() ? 1 : 0) : s.entries.size(),
        s.omitted(),
        s.truncated,
        s.entries.stream()
            .map(e -> new ContextResponse.ItemRef(e.key().kind(), e.key().id()))
            .toList());
  }

  private static Filters only(String category) {
    return new Filters(Set.of(category), null, null, false, null, null, null, null, null);
  }

  private static Filters except(String category) {
    return new Filters(null, Set.of(category), null, false, null, null, null, null, null);
  }
}
