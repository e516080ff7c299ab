package dev.engram.capture.slot;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.exchange.ExchangeRepository;
import dev.engram.capture.extract.DeterministicExtractor;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.extract.Nlp;
import dev.engram.capture.extract.Statement;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes a thread's handoff when a session ends: the session's key topics (proper nouns and nouns
 * by frequency, from OpenNLP tags), its open commitments (commitment memories not yet due, and
 * those in the session's turns the Reflector has not read yet) and its last exchanges — trimmed to
 * the handoff slot's token cap. The handoff is overwritten each time, never consumed.
 */
@ApplicationScoped
class HandoffComposer {

  static final String SLOT = "handoff";
  private static final int MAX_TURNS = 200;
  private static final int MAX_TOPICS = 8;

  private final SlotService slots;
  private final Nlp nlp;
  private final DeterministicExtractor extractor;
  private final int lastTurns;
  private final ExchangeRepository exchanges;
  private final MemoryRepository memories;

  HandoffComposer(
      SlotService slots,
      Nlp nlp,
      DeterministicExtractor extractor,
      CaptureConfig config,
      ExchangeRepository exchanges,
      MemoryRepository memories) {
    this.exchanges = exchanges;
    this.memories = memories;
    this.slots = slots;
    this.nlp = nlp;
    this.extractor = extractor;
    this.lastTurns = config.slots().handoffLastExchanges();
  }

  @WithTransaction
  Uni<SlotView> end(Caller caller, String session, String agent, String thread) {
    Instant now = Instant.now();
    return exchanges
        .latestInSession(caller.tenant(), agent, session, MAX_TURNS)
        .chain(
            newestFirst ->
                memories
                    .commitments(caller.tenant(), agent, session)
                    .map(stored -> compose(session, thread, now, reversed(newestFirst), stored)))
        .chain(
            content ->
                slots.write(
                    caller, SlotAddress.of(agent, SlotOwner.THREAD, thread, SLOT), content, null));
  }

  private String compose(
      String session,
      String thread,
      Instant now,
      List<Exchange> turns,
      List<MemoryRepository.Commitment> stored) {
    LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
    Set<String> open = new LinkedHashSet<>();
    for (MemoryRepository.Commitment c : stored) {
      String due = c.due();
      if (due == null || !LocalDate.parse(due).isBefore(today)) {
        open.add(c.text() + (due == null ? "" : " (due " + due + ")"));
      }
    }
    List<Statement> statements = turns.stream().map(Exchange::statement).toList();
    for (Finding f : extractor.extractNow(statements).findings()) {
      String due = f.metadata() == null ? null : f.metadata().get("due");
      if (f.metadata() != null
          && "commitment".equals(f.metadata().get("kind"))
          && (due == null || !LocalDate.parse(due).isBefore(today))) {
        open.add(f.text() + (due == null ? "" : " (due " + due + ")"));
      }
    }
    List<String> topics = topics(turns);
    List<String> last = new ArrayList<>();
    for (Exchange e : turns.subList(Math.max(0, turns.size() - lastTurns), turns.size())) {
      String text = e.text.replaceAll("\\s+", " ").strip();
      last.add(e.speaker + ": " + (text.length() > 160 ? text.substring(0, 160) + "…" : text));
    }
    return fit(
        "# Handoff: thread " + thread + ", session " + session + " ended " + now + "\n",
        topics,
        new ArrayList<>(open),
        last);
  }

  /** The handoff within the slot's cap: drops the oldest turns, then topics, then commitments. */
  private String fit(String title, List<String> topics, List<String> open, List<String> last) {
    int cap = slots.cap(SLOT);
    while (true) {
      String text = render(title, topics, open, last);
      if (slots.tokens(text) <= cap) {
        return text;
      }
      if (!last.isEmpty()) {
        last.removeFirst();
      } else if (!topics.isEmpty()) {
        topics.removeLast();
      } else if (!open.isEmpty()) {
        open.removeLast();
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
      String title, List<String> topics, List<String> open, List<String> last) {
    StringBuilder b = new StringBuilder(title);
    if (!topics.isEmpty()) {
      b.append("\n## Key topics\n").append(String.join(", ", topics)).append('\n');
    }
    if (!open.isEmpty()) {
      b.append("\n## Open commitments\n");
      open.forEach(c -> b.append("- ").append(c).append('\n'));
    }
    if (!last.isEmpty()) {
      b.append("\n## Last exchanges\n");
      last.forEach(l -> b.append("- ").append(l).append('\n'));
    }
    return b.toString();
  }

  private List<String> topics(List<Exchange> turns) {
    Map<String, Integer> counts = new HashMap<>();
    Map<String, String> display = new HashMap<>();
    for (Exchange e : turns) {
      for (Nlp.Sentence s : nlp.sentences(e.text)) {
        for (Nlp.Token t : s.tokens()) {
          boolean proper = t.is("PROPN");
          if ((proper || t.is("NOUN")) && t.text().length() > 2) {
            String key = t.lower();
            counts.merge(key, proper ? 2 : 1, Integer::sum);
            display.putIfAbsent(key, proper ? t.text() : key);
          }
        }
      }
    }
    return counts.entrySet().stream()
        .sorted(
            Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(MAX_TOPICS)
        .map(entry -> display.get(entry.getKey()))
        .collect(java.util.stream.Collectors.toCollection(ArrayList::new));
  }

  private static List<Exchange> reversed(List<Exchange> newestFirst) {
    List<Exchange> list = new ArrayList<>(newestFirst);
    java.util.Collections.reverse(list);
    return list;
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
