package dev.engram.capture.session;

import java.time.Instant;

/** A session as clients see it; {@code summary} is null until it ended (or while withheld). */
record SessionView(
    String session,
    String agent,
    String chat,
    String thread,
    Instant startedAt,
    Instant endedAt,
    String summary,
    int checkpoints) {

  static SessionView of(AgentSession s) {
    return new SessionView(
        s.session,
        s.agent,
        s.chat,
        s.thread,
        s.startedAt,
        s.endedAt,
        s.summaryQuarantine == null ? s.summary : null,
        s.checkpoints);
  }
}
