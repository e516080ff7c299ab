package dev.engram.capture.promotion;

import jakarta.validation.constraints.Size;
import java.util.List;

/** Request and response bodies of {@code /v1/promotions}. */
public final class PromotionRequests {

  private PromotionRequests() {}

  /** An approval or rejection; the reason is kept on the promotion and in the audit row. */
  record Decision(@Size(max = 500) String reason) {}

  /** One page of promotions, oldest first, and the cursor of the next. */
  record Page(List<PromotionView> items, String nextCursor) {}

  /** What one pass proposed (and, for tenants that turned it on, approved at once). */
  record Scan(int proposed, int autoApproved) {}

  /** The canonical memories a context may show, PROFILE first. */
  public record Canonical(List<CanonicalMemory> memories) {}

  /** One canonical memory as context assembly needs it. */
  public record CanonicalMemory(long id, String category, String text) {}
}
