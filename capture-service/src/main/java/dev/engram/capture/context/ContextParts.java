package dev.engram.capture.context;

import dev.engram.capture.exchange.RecentTurns;
import dev.engram.capture.promotion.PromotionRequests;
import dev.engram.capture.slot.ContextSlots;
import java.util.List;

/**
 * What recall-service's context assembly reads from capture in one request: the slots (as {@code
 * GET /internal/v1/slots} answers them), the chat's recent turns (as {@code GET
 * /internal/v1/exchanges/recent}; null when none were asked) and the canonical memories (as {@code
 * GET /internal/v1/canonical}).
 */
public record ContextParts(
    List<ContextSlots.ContextSlot> slots,
    RecentTurns recent,
    List<PromotionRequests.CanonicalMemory> canonical) {}
