package dev.engram.capture.session;

import dev.engram.capture.slot.SlotView;
import dev.engram.common.web.Names;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;

/** The bodies and answers of {@code /v1/sessions}. */
final class SessionRequests {

  /** Longest summary a gateway may hand over (characters). */
  static final int MAX_SUMMARY = 8000;

  /** Most open commitments one checkpoint carries, and the longest one. */
  static final int MAX_COMMITMENTS = 20;

  static final int MAX_COMMITMENT = 500;

  private SessionRequests() {}

  /** {@code POST /v1/sessions}: a session starts (its id is generated when absent). */
  record Start(
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String thread,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String session,
      @Size(max = MAX_SUMMARY) String firstMessage) {}

  /** {@code POST /v1/sessions/{id}/end}: thread and chat fall back to the recorded session's. */
  record End(
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String thread,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat,
      @Size(max = MAX_SUMMARY) String summary) {}

  /** {@code POST /v1/sessions/{id}/checkpoint}: before a gateway compacts its context. */
  record Checkpoint(
      @NotNull @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String agent,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String chat,
      @Pattern(regexp = Names.PATTERN, message = Names.MESSAGE) String thread,
      @Size(max = MAX_SUMMARY) String summary,
      @Size(max = MAX_COMMITMENTS)
          List<@NotBlank @Size(max = MAX_COMMITMENT) String> commitments) {}

  /** The answer to an end: the session, its handoff, and whether the Reflector was started. */
  record Ended(SessionView session, SlotView handoff, String reflector) {}

  /** The answer to a checkpoint: its record and the slot written. */
  record Checkpointed(Taken checkpoint, SlotView slot) {

    /** The stored checkpoint. */
    record Taken(long id, String session, Instant createdAt) {}
  }

  /** One page of a session listing; pass {@code next_cursor} back as {@code cursor}. */
  record Page(List<SessionView> items, String nextCursor) {}
}
