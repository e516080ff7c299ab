package dev.engram.capture.session;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.slot.SlotService;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes what a session leaves behind from its digest: the handoff (key topics, open commitments,
 * last exchanges), a checkpoint (the gateway's summary or the turns since the previous checkpoint,
 * with open commitments) — each within its slot's token cap — and the one-paragraph summary the day
 * view shows.
 */
@ApplicationScoped
class SessionNotes {

  static final String HANDOFF = "handoff";
  static final String CHECKPOINT = "checkpoint";

  /** Longest composed summary (characters); a day log line, not a document. */
  private static final int MAX_SUMMARY = 2000;

  private static final DateTimeFormatter MINUTE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

  private final SlotService slots;
  private final int lastTurns;

  SessionNotes(SlotService slots, CaptureConfig config) {
    this.slots = slots;
    this.lastTurns = config.slots().handoffLastExchanges();
  }

  /** The handoff of a thread (or of a chat: {@code owner} says which, e.g. "thread trip"). */
  String handoff(String owner, String session, Instant now, SessionDigest digest) {
    List<Exchange> turns = digest.turns();
    return fit(
        HANDOFF,
        "# Handoff: " + owner + ", session " + session + " ended " + now + "\n",
        null,
        new ArrayList<>(digest.topics()),
        new ArrayList<>(digest.open()),
        new Section(
            "Last exchanges",
            lines(turns.subList(Math.max(0, turns.size() - lastTurns), turns.size()))));
  }

  /** A checkpoint: the gateway's summary if given, else the turns it covers; then commitments. */
  String checkpoint(String session, Instant now, SessionDigest digest, String summary) {
    String title = "# Checkpoint: session " + session + " at " + now + "\n";
    if (summary != null && !summary.isBlank()) {
      return fit(
          CHECKPOINT,
          title,
          summary.strip(),
          new ArrayList<>(),
          new ArrayList<>(digest.open()),
          new Section("Exchanges", new ArrayList<>()));
    }
    return fit(
        CHECKPOINT,
        title,
        null,
        new ArrayList<>(digest.topics()),
        new ArrayList<>(digest.open()),
        new Section("Exchanges since the previous checkpoint", lines(digest.turns())));
  }

  /** One paragraph for the day log: span, turn count, key topics, open commitments. */
  static String summary(SessionDigest digest) {
    List<Exchange> turns = digest.turns();
    StringBuilder b = new StringBuilder();
    if (turns.isEmpty()) {
      b.append("No turns recorded.");
    } else {
      b.append(turns.size())
          .append(turns.size() == 1 ? " turn, " : " turns, ")
          .append(MINUTE.format(turns.getFirst().occurredAt))
          .append(" – ")
          .append(MINUTE.format(turns.getLast().occurredAt))
          .append(" UTC.");
    }
    if (!digest.topics().isEmpty()) {
      b.append(" Key topics: ").append(String.join(", ", digest.topics())).append('.');
    }
    if (!digest.open().isEmpty()) {
      b.append(" Open commitments: ").append(String.join("; ", digest.open())).append('.');
    }
    return b.length() > MAX_SUMMARY ? b.substring(0, MAX_SUMMARY - 1) + "…" : b.toString();
  }

  /** A titled list of quoted turns. */
  private record Section(String title, List<String> lines) {}

  /**
   * The note within the slot's cap: drops the oldest turns, then topics, then commitments, then
   * shortens the summary and finally the title.
   */
  private String fit(
      String slot,
      String title,
      String summary,
      List<String> topics,
      List<String> open,
      Section turns) {
    int cap = slots.cap(slot);
    String kept = summary;
    while (true) {
      String text = render(title, kept, topics, open, turns);
      if (slots.tokens(text) <= cap) {
        return text;
      }
      if (!turns.lines().isEmpty()) {
        turns.lines().removeFirst();
      } else if (!topics.isEmpty()) {
        topics.removeLast();
      } else if (!open.isEmpty()) {
        open.removeLast();
      } else if (kept != null) {
        kept = kept.length() > 16 ? kept.substring(0, kept.length() * 3 / 4) : null;
      } else {
        String cut = title;
        while (slots.tokens(cut) > cap && cut.length() > 1) {
          cut = cut.substring(0, cut.length() * 3 / 4);
        }
        return cut;
      }
    }
  }

  private static String render(
      String title, String summary, List<String> topics, List<String> open, Section turns) {
    StringBuilder b = new StringBuilder(title);
    if (summary != null) {
      b.append("\n## Summary\n").append(summary).append('\n');
    }
    if (!topics.isEmpty()) {
      b.append("\n## Key topics\n").append(String.join(", ", topics)).append('\n');
    }
    if (!open.isEmpty()) {
      b.append("\n## Open commitments\n");
      open.forEach(c -> b.append("- ").append(c).append('\n'));
    }
    if (!turns.lines().isEmpty()) {
      b.append("\n## ").append(turns.title()).append('\n');
      turns.lines().forEach(l -> b.append("- ").append(l).append('\n'));
    }
    return b.toString();
  }

  private static List<String> lines(List<Exchange> turns) {
    List<String> lines = new ArrayList<>();
    for (Exchange e : turns) {
      String text = e.text.replaceAll("\\s+", " ").strip();
      lines.add(e.speaker + ": " + (text.length() > 160 ? text.substring(0, 160) + "…" : text));
    }
    return lines;
  }
}
