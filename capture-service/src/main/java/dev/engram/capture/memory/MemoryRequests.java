package dev.engram.capture.memory;

import dev.engram.capture.gate.Metadata;
import dev.engram.common.web.Names;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Request bodies of the memory API. Limits that come from configuration are checked by the service.
 */
final class MemoryRequests {

  private MemoryRequests() {}

  /** {@code POST /v1/memories}. Scope defaults to CHAT when a chat is given, else AGENT. */
  record Create(
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String thread,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String session,
      MemoryScope scope,
      MemoryCategory category,
      @NotBlank String text,
      @DecimalMin("0.0") @DecimalMax("1.0") Double confidence,
      @Pattern(regexp = Names.SLUG, message = "must be a lower-case word such as api or reflector")
          String source,
      @Valid Provenance provenance,
      Map<@Metadata.Key String, @NotNull String> metadata,
      Instant expiresAt,
      @Pattern(regexp = Modes.PATTERN, message = Modes.MESSAGE) String mode) {}

  /** {@code PATCH /v1/memories/{id}}: only the fields given change. */
  record Update(
      String text,
      MemoryCategory category,
      @DecimalMin("0.0") @DecimalMax("1.0") Double confidence,
      Map<@Metadata.Key String, @NotNull String> metadata,
      Instant expiresAt,
      @PositiveOrZero Long expectedVersion) {

    boolean empty() {
      return text == null
          && category == null
          && confidence == null
          && metadata == null
          && expiresAt == null;
    }
  }

  /**
   * {@code POST /v1/memories/{id}/supersede}: the new memory inherits scope, agent, chat, thread,
   * mode and, unless given, category and confidence from the one it replaces.
   */
  record Supersede(
      @NotBlank String text,
      MemoryCategory category,
      @DecimalMin("0.0") @DecimalMax("1.0") Double confidence,
      @Pattern(regexp = Names.SLUG, message = "must be a lower-case word such as api or reflector")
          String source,
      @Valid Provenance provenance,
      Map<@Metadata.Key String, @NotNull String> metadata,
      Instant expiresAt,
      String reason) {}

  /**
   * {@code POST /v1/memories/{id}/revise}: rewrites an ACTIVE or ARCHIVED memory in place and makes
   * it ACTIVE again (a gateway's "update", which also brings an archived memory back); category,
   * confidence and source left out stay as they are.
   */
  record Revise(
      @NotBlank String text,
      MemoryCategory category,
      @DecimalMin("0.0") @DecimalMax("1.0") Double confidence,
      @Pattern(regexp = Names.SLUG, message = "must be a lower-case word such as api or reflector")
          String source) {}

  /**
   * {@code POST /v1/memories/{id}/touch}: the memory was seen again (last_seen_at = now, which
   * restarts its confidence decay); with a floor, confidence rises to at least that.
   */
  record Touch(@DecimalMin("0.0") @DecimalMax("1.0") Double confidenceFloor) {}

  /** One page of a memory listing; pass {@code next_cursor} back as {@code cursor}. */
  record Page(List<MemoryView> items, String nextCursor) {}
}
