package dev.engram.capture.exchange;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** One day of a chat as a Markdown log (the daily log of the episodic tier). */
final class DayLog {

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

  private DayLog() {}

  static String render(
      LocalDate day,
      String agent,
      String chat,
      List<Exchange> turns,
      List<SessionLog.Ended> sessions) {
    StringBuilder b = new StringBuilder();
    b.append("# ")
        .append(day)
        .append(" — ")
        .append(agent)
        .append(" / ")
        .append(chat)
        .append("\n\n");
    if (turns.isEmpty()) {
      b.append("_No exchanges._\n");
    }
    String thread = null;
    for (Exchange e : turns) {
      if (e.thread != null && !e.thread.equals(thread)) {
        thread = e.thread;
        b.append("\n## Thread ").append(thread).append("\n\n");
      }
      LocalTime time = LocalTime.ofInstant(e.occurredAt, ZoneOffset.UTC);
      b.append("- **")
          .append(TIME.format(time))
          .append(" ")
          .append(e.speaker)
          .append("** (")
          .append(e.role)
          .append("): ");
      if (e.status == ExchangeStatus.QUARANTINED) {
        b.append("_[withheld: quarantined]_");
      } else {
        b.append(e.text.strip().replace("\n", "\n  "));
      }
      b.append('\n');
    }
    sessions(b, sessions);
    return b.toString();
  }

  /** The sessions that ended that day, each with its summary. */
  private static void sessions(StringBuilder b, List<SessionLog.Ended> sessions) {
    if (sessions.isEmpty()) {
      return;
    }
    b.append("\n## Sessions\n\n");
    for (SessionLog.Ended s : sessions) {
      b.append("- **")
          .append(s.session())
          .append("** (")
          .append(TIME.format(LocalTime.ofInstant(s.startedAt(), ZoneOffset.UTC)))
          .append("–")
          .append(TIME.format(LocalTime.ofInstant(s.endedAt(), ZoneOffset.UTC)))
          .append(s.thread() == null ? "" : ", thread " + s.thread())
          .append("): ");
      if (s.withheld()) {
        b.append("_[summary withheld: quarantined]_");
      } else if (s.summary() == null || s.summary().isBlank()) {
        b.append("_No summary._");
      } else {
        b.append(s.summary().strip().replace("\n", "\n  "));
      }
      b.append('\n');
    }
  }
}
