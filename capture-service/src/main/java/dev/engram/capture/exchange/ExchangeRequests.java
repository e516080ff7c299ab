package dev.engram.capture.exchange;

import dev.engram.capture.gate.GateClean;
import dev.engram.capture.gate.Metadata;
import dev.engram.capture.memory.Modes;
import dev.engram.common.web.Names;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Request and response bodies of the exchange API. */
final class ExchangeRequests {

  /**
   * A speaker is a name shown to the model with each turn: letters, digits, spaces and {@code
   * ._@:'-}, at most 64, not starting with a space.
   */
  static final String SPEAKER = "^[\\p{L}\\p{N}._@:'-][\\p{L}\\p{N} ._@:'-]{0,63}$";

  private ExchangeRequests() {}

  /** {@code POST /v1/exchanges}: a batch of turns, stored in order. */
  record Append(@NotEmpty List<@Valid @NotNull Item> exchanges) {}

  /**
   * One verbatim turn. {@code occurred_at} defaults to the time of the request; {@code mode} tags
   * the turn and what the Reflector learns from it.
   */
  record Item(
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String thread,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String session,
      @NotNull
          @Pattern(
              regexp = SPEAKER,
              message = "must be a name: 1-64 letters, digits, spaces or ._@:'-")
          @GateClean
          String speaker,
      @NotNull ExchangeRole role,
      @NotBlank String text,
      Instant occurredAt,
      Map<@Metadata.Key String, @NotNull String> metadata,
      @Pattern(regexp = Modes.PATTERN, message = Modes.MESSAGE) String mode) {}

  /** What was stored, in request order. */
  record Appended(List<AppendedItem> items) {}

  /**
   * One turn of the request: its id (the earlier one when {@code duplicate}), whether it was
   * quarantined, and the memories an explicit "remember ..." in it created.
   */
  record AppendedItem(
      long id,
      Instant occurredAt,
      String contentSha256,
      boolean duplicate,
      ExchangeStatus status,
      String statusReason,
      List<Long> memoryIds) {}

  /** A page of a chat's trace, oldest first; pass {@code next_cursor} back as {@code cursor}. */
  record Page(List<ExchangeView> items, String nextCursor) {}
}
